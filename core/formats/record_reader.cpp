#include "core/formats/record_reader.hpp"

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
