#pragma once

#include <string>
#include <vector>

namespace josekic::io {

/// One name in a directory, with its type as readdir() gives it (DT_UNKNOWN when the file
/// system does not say).
struct DirectoryEntry {
    std::string name;
    unsigned char type = 0;
};

/// What listing a directory got: its entries (without . and ..) in the order readdir() gave
/// them, and whether it could be opened and read to the end.
struct DirectoryListing {
    std::vector<DirectoryEntry> entries;
    int open_error = 0;  ///< the errno of opendir(); 0 when it opened (entries are then read)
    int read_error = 0;  ///< the errno of the readdir() that failed; 0 when read to the end
};

/// Lists `path`. A readdir() failure is told from the end of the directory by errno, which
/// must be cleared before each call: anything between two calls (an allocation that retried
/// after ENOMEM under a memory limit) may set it without failing.
DirectoryListing list_directory(const std::string& path);

}  // namespace josekic::io
