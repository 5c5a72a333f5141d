#include <catch2/catch.hpp>

#include "emit/json_text.hpp"

using josekic::emit::Json;
using josekic::emit::json_report_text;
using josekic::emit::json_text;

TEST_CASE("JSON strings escape quotes, backslashes and control characters", "[emit]") {
    CHECK(json_text("plain") == "\"plain\"");
    CHECK(json_text("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(json_text("line\nnext\ttab") == "\"line\\nnext\\ttab\"");
    CHECK(json_text(std::string("nul\0x", 5)) == "\"nul\\u0000x\"");
    CHECK(json_text("\x1f") == "\"\\u001f\"");
}

TEST_CASE("JSON strings keep valid UTF-8 and replace invalid bytes", "[emit]") {
    CHECK(json_text("秀策 Shūsaku") == "\"秀策 Shūsaku\"");
    CHECK(json_text("\xf0\x9f\x98\x80") == "\"\xf0\x9f\x98\x80\"");
    CHECK(json_text("caf\xe9") == "\"caf\xef\xbf\xbd\"");  // Latin-1 é: U+FFFD
    // A cut sequence, an overlong form, a surrogate: each written as U+FFFD, never as the
    // bytes, so that the text is always valid JSON that reads back.
    for (const std::string bad : {"\xe7\xa7", "\xc0\xaf", "\xed\xa0\x80",
                                  "a\xff"
                                  "b"}) {
        const std::string text = json_text(bad);
        INFO(text);
        CHECK(Json::parse(text).get<std::string>().find("\xef\xbf\xbd") != std::string::npos);
    }
}

TEST_CASE("the report layout puts one member on each line and blanks after : and ,", "[emit]") {
    Json report;
    report["inputs"] = {"games", "fox \"2019\".tar.xz"};
    report["files_read"] = 6;
    report["games_skipped"] = Json::object();
    report["diagnostics"] = Json{{"warnings", 1}, {"by_code", Json{{"suicide", 1}}}};
    report["largest_files"] = Json::array({Json{{"path", "a.sgf"}, {"bytes", 1000}}});
    const std::string text = json_report_text(report);
    CHECK(text ==
          "{\n"
          "  \"inputs\": [\"games\", \"fox \\\"2019\\\".tar.xz\"],\n"
          "  \"files_read\": 6,\n"
          "  \"games_skipped\": {},\n"
          "  \"diagnostics\": {\"warnings\": 1, \"by_code\": {\"suicide\": 1}},\n"
          "  \"largest_files\": [{\"path\": \"a.sgf\", \"bytes\": 1000}]\n"
          "}\n");
    CHECK(Json::parse(text) == report);
}
