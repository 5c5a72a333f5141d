#include "core/formats/record_reader.hpp"

#include <charconv>
#include <system_error>

#include "core/formats/gib_reader.hpp"
#include "core/formats/ngf_reader.hpp"
#include "core/formats/ugf_reader.hpp"

namespace josekic::formats {

namespace {

// The file's first bytes that are not a byte-order mark or white space.
std::string_view start_of_content(std::string_view bytes) {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    const std::size_t first = bytes.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos ? std::string_view{} : bytes.substr(first);
}

// NGF has no mark of its own: its header is lines of text, the second the board's size, and
// its moves are lines "PM...". A file of that shape is NGF whatever its name (an .ngf file
// renamed .sgf or .txt by a download), where it would otherwise be refused as SGF.
bool looks_like_ngf(std::string_view content) {
    std::size_t line = 0;
    bool size_line = false;
    for (std::size_t at = 0; at < content.size() && line < 64; ++line) {
        std::size_t end = content.find('\n', at);
        if (end == std::string_view::npos) end = content.size();
        std::string_view text = content.substr(at, end - at);
        while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.remove_suffix(1);
        if (line == 1) {
            int size = 0;
            const auto [rest, error] =
                std::from_chars(text.data(), text.data() + text.size(), size);
            size_line = error == std::errc{} && rest == text.data() + text.size() && size >= 2 &&
                        size <= 52;
            if (!size_line) return false;
        }
        if (size_line && line >= 12 && text.starts_with("PM")) return true;
        at = end + 1;
    }
    return false;
}

}  // namespace

input::RecordFormat record_format(std::string_view path, std::string_view bytes) {
    const std::string_view start = start_of_content(bytes);
    if (start.starts_with("\\HS")) return input::RecordFormat::Gib;
    if (start.starts_with("[Header]")) return input::RecordFormat::Ugf;
    if (start.starts_with('(')) return input::RecordFormat::Sgf;
    if (looks_like_ngf(start)) return input::RecordFormat::Ngf;
    return input::record_format_of_name(path);
}

std::vector<game::GameRecord> read_record_games(std::string_view bytes, std::string_view path,
                                                const sgf::ReadOptions& options,
                                                diag::DiagnosticSink& sink) {
    switch (record_format(path, bytes)) {
        case input::RecordFormat::Gib:
            return read_gib_games(bytes, path, options, sink);
        case input::RecordFormat::Ngf:
            return read_ngf_games(bytes, path, options, sink);
        case input::RecordFormat::Ugf:
            return read_ugf_games(bytes, path, options, sink);
        case input::RecordFormat::Sgf:
            break;
    }
    return sgf::read_games(bytes, path, options, sink);
}

}  // namespace josekic::formats
