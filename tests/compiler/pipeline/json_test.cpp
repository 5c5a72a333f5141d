#include <catch2/catch.hpp>

#include "compiler/pipeline/json.hpp"

using josekic::pipeline::json_quote;

TEST_CASE("JSON strings escape quotes, backslashes and control characters", "[pipeline]") {
    CHECK(json_quote("plain") == "\"plain\"");
    CHECK(json_quote("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(json_quote("line\nnext\ttab") == "\"line\\nnext\\ttab\"");
    CHECK(json_quote(std::string("nul\0x", 5)) == "\"nul\\u0000x\"");
    CHECK(json_quote("\x1f") == "\"\\u001f\"");
}

TEST_CASE("JSON strings keep valid UTF-8 and replace invalid bytes", "[pipeline]") {
    CHECK(json_quote("秀策 Shūsaku") == "\"秀策 Shūsaku\"");
    CHECK(json_quote("caf\xe9") == "\"caf\\ufffd\"");                  // Latin-1 é
    CHECK(json_quote("\xe7\xa7") == "\"\\ufffd\\ufffd\"");             // a cut 3-byte sequence
    CHECK(json_quote("\xc0\xaf") == "\"\\ufffd\\ufffd\"");             // overlong
    CHECK(json_quote("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");  // surrogate
    CHECK(json_quote("\xf0\x9f\x98\x80") == "\"\xf0\x9f\x98\x80\"");
}
