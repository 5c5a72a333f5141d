#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/file_bytes.hpp"

namespace josekic::test_support {

/// The archive kinds the walker must read, each made by libarchive's writer. Gzip, Xz and
/// Bzip2 are one compressed file (libarchive's raw format): give exactly one entry.
enum class ArchiveKind { Zip, ZipUtf8Names, Tar, TarGz, TarBz2, TarXz, SevenZip, Gzip, Xz, Bzip2 };

/// `size` bytes that no compressor can shrink (a fixed pseudo-random sequence), so that an
/// archive holding them is about as large and a cut in the archive falls inside them.
inline std::string incompressible_bytes(std::size_t size) {
    std::string bytes(size, ' ');
    std::uint32_t state = 12345;
    for (char& c : bytes) {
        state = state * 1664525u + 1013904223u;
        c = static_cast<char>(state >> 24);
    }
    return bytes;
}

/// Writes an archive at `path` holding `entries` (name, bytes) in the order given.
inline void make_archive(const std::string& path, ArchiveKind kind,
                         const std::vector<std::pair<std::string, std::string>>& entries) {
    archive* writer = archive_write_new();
    switch (kind) {
        case ArchiveKind::Zip:
            archive_write_set_format_zip(writer);
            break;
        case ArchiveKind::ZipUtf8Names:
            // Names flagged UTF-8 (bit 11), as Python's zipfile, Windows and 7-Zip write a
            // name that is not ASCII.
            archive_write_set_format_zip(writer);
            archive_write_set_format_option(writer, "zip", "hdrcharset", "UTF-8");
            break;
        case ArchiveKind::SevenZip:
            archive_write_set_format_7zip(writer);
            break;
        case ArchiveKind::Gzip:
        case ArchiveKind::Xz:
        case ArchiveKind::Bzip2:
            archive_write_set_format_raw(writer);
            break;
        default:
            archive_write_set_format_pax_restricted(writer);
            break;
    }
    if (kind == ArchiveKind::TarGz || kind == ArchiveKind::Gzip)
        archive_write_add_filter_gzip(writer);
    if (kind == ArchiveKind::TarBz2 || kind == ArchiveKind::Bzip2)
        archive_write_add_filter_bzip2(writer);
    if (kind == ArchiveKind::TarXz || kind == ArchiveKind::Xz) archive_write_add_filter_xz(writer);
    if (archive_write_open_filename(writer, path.c_str()) != ARCHIVE_OK) {
        const std::string why = archive_error_string(writer);
        archive_write_free(writer);
        throw std::runtime_error("cannot create " + path + ": " + why);
    }
    for (const auto& [name, bytes] : entries) {
        archive_entry* entry = archive_entry_new();
        if (kind == ArchiveKind::ZipUtf8Names)
            archive_entry_update_pathname_utf8(entry, name.c_str());
        else
            archive_entry_set_pathname(entry, name.c_str());
        archive_entry_set_size(entry, static_cast<la_int64_t>(bytes.size()));
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_write_header(writer, entry);
        archive_write_data(writer, bytes.data(), bytes.size());
        archive_entry_free(entry);
    }
    archive_write_close(writer);
    archive_write_free(writer);
}

/// Cuts the file at `path` into volumes `path`.001, .002, ... of `volume_bytes` each, as
/// 7-Zip's "split to volumes" does, and removes it.
inline std::vector<std::string> split_into_volumes(const std::string& path,
                                                   std::size_t volume_bytes) {
    const std::string bytes = slurp(path);
    std::filesystem::remove(path);
    std::vector<std::string> volumes;
    for (std::size_t at = 0; at < bytes.size(); at += volume_bytes) {
        char suffix[8];
        std::snprintf(suffix, sizeof suffix, ".%03zu", volumes.size() + 1);
        volumes.push_back(path + suffix);
        std::ofstream(volumes.back(), std::ios::binary) << bytes.substr(at, volume_bytes);
    }
    return volumes;
}

}  // namespace josekic::test_support
