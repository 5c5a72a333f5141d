#include "core/input/file_kinds.hpp"

#include <array>
#include <cstdio>
#include <fstream>
#include <span>
#include <utility>

namespace josekic::input {

namespace {

bool ends_with_ignoring_case(std::string_view name, std::string_view suffix) {
    if (name.size() < suffix.size()) return false;
    const std::string_view tail = name.substr(name.size() - suffix.size());
    for (std::size_t i = 0; i < suffix.size(); ++i) {
        char c = tail[i];
        // ASCII-only folding on purpose: locale-dependent tolower would make the set of
        // files read depend on the user's environment.
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != suffix[i]) return false;
    }
    return true;
}

bool ends_with_any(std::string_view name, std::span<const std::string_view> suffixes) {
    for (std::string_view s : suffixes) {
        if (ends_with_ignoring_case(name, s)) return true;
    }
    return false;
}

constexpr std::array<std::string_view, 6> kGameSuffixes = {".sgf", ".mgt", ".gib",
                                                           ".ngf", ".ugf", ".ugi"};
constexpr std::array<std::string_view, 7> kArchiveSuffixes = {
    ".zip", ".7z", ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz"};
constexpr std::array<std::string_view, 3> kCompressionSuffixes = {".gz", ".xz", ".bz2"};

// The digits of a split volume's number: 7-Zip and `split -d -a 3` both write three.
constexpr std::size_t kVolumeDigits = 3;

bool starts_with_bytes(std::string_view head, std::string_view magic, std::size_t at = 0) {
    return head.size() >= at + magic.size() && head.substr(at, magic.size()) == magic;
}

}  // namespace

FileKind classify_name(std::string_view name) {
    if (ends_with_any(name, kGameSuffixes)) return FileKind::GameRecord;
    if (ends_with_any(name, kArchiveSuffixes)) return FileKind::Archive;
    if (const SplitName split = split_name(name); split.volume != 0)
        return split.volume == 1 ? FileKind::SplitArchive : FileKind::SplitVolume;
    for (std::string_view s : kCompressionSuffixes) {
        if (ends_with_ignoring_case(name, s) &&
            classify_name(name.substr(0, name.size() - s.size())) == FileKind::GameRecord) {
            return FileKind::CompressedRecord;
        }
    }
    return FileKind::Other;
}

RecordFormat record_format_of_name(std::string_view name) {
    for (std::string_view s : kCompressionSuffixes) {
        if (ends_with_ignoring_case(name, s)) {
            name.remove_suffix(s.size());
            break;
        }
    }
    if (ends_with_ignoring_case(name, ".gib")) return RecordFormat::Gib;
    if (ends_with_ignoring_case(name, ".ngf")) return RecordFormat::Ngf;
    if (ends_with_ignoring_case(name, ".ugf") || ends_with_ignoring_case(name, ".ugi"))
        return RecordFormat::Ugf;
    return RecordFormat::Sgf;
}

ContentKind content_kind(std::string_view head) {
    using namespace std::string_view_literals;
    constexpr std::array kArchiveMagic = {
        "7z\xBC\xAF\x27\x1C"sv,  // 7z
        "PK\x03\x04"sv,          // zip
        "PK\x05\x06"sv,          // an empty zip
        "Rar!\x1A\x07"sv,        // rar
    };
    for (std::string_view magic : kArchiveMagic) {
        if (starts_with_bytes(head, magic)) return ContentKind::Archive;
    }
    if (starts_with_bytes(head, "ustar", 257)) return ContentKind::Archive;
    if (compression_of(head) != Compression::None) return ContentKind::Compressed;
    return ContentKind::Other;
}

Compression compression_of(std::string_view head) {
    using namespace std::string_view_literals;
    constexpr std::array kCompressedMagic = {
        std::pair{"\x1F\x8B"sv, Compression::Gzip},
        std::pair{"\xFD"
                  "7zXZ\x00"sv,
                  Compression::Xz},
        std::pair{"BZh"sv, Compression::Bzip2},
        std::pair{"\x28\xB5\x2F\xFD"sv, Compression::Zstd},
    };
    for (const auto& [magic, compression] : kCompressedMagic) {
        if (starts_with_bytes(head, magic)) return compression;
    }
    return Compression::None;
}

SplitName split_name(std::string_view name) {
    if (name.size() < kVolumeDigits + 2) return {};
    const std::size_t dot = name.size() - kVolumeDigits - 1;
    if (name[dot] != '.') return {};
    int volume = 0;
    for (char c : name.substr(dot + 1)) {
        if (c < '0' || c > '9') return {};
        volume = volume * 10 + (c - '0');
    }
    const std::string_view archive = name.substr(0, dot);
    if (volume == 0 || !ends_with_any(archive, kArchiveSuffixes)) return {};
    return SplitName{std::string(archive), volume};
}

std::string volume_name(std::string_view archive, int volume) {
    char digits[16];
    std::snprintf(digits, sizeof digits, ".%03d", volume);
    return std::string(archive) + digits;
}

bool written_by_josekic(std::string_view head) {
    using namespace std::string_view_literals;
    // The dictionary writer's root (emit/node_writer.cpp) and the index's magic
    // (index/index_format.hpp kMagic; tests/index ties the two together).
    return head.starts_with("(;GM[1]FF[4]CA[UTF-8]AP[josekic:"sv) ||
           head.starts_with("JOSEKIX\0"sv);
}

bool written_by_josekic_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string head(64, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return written_by_josekic(head);
}

bool looks_like_sgf(std::string_view head) {
    for (std::size_t open = head.find('('); open != std::string_view::npos;
         open = head.find('(', open + 1)) {
        const std::size_t next = head.find_first_not_of(" \t\r\n", open + 1);
        if (next != std::string_view::npos && head[next] == ';') return true;
    }
    return false;
}

}  // namespace josekic::input
