#include "core/io/directory_listing.hpp"

#include <dirent.h>

#include <cerrno>
#include <string_view>

namespace josekic::io {

DirectoryListing list_directory(const std::string& path) {
    DirectoryListing listing;
    DIR* handle = ::opendir(path.c_str());
    if (handle == nullptr) {
        listing.open_error = errno;
        return listing;
    }
    for (;;) {
        errno = 0;
        const dirent* entry = ::readdir(handle);
        if (entry == nullptr) {
            listing.read_error = errno;
            break;
        }
        const std::string_view name = entry->d_name;
        if (name != "." && name != "..")
            listing.entries.push_back({std::string(name), entry->d_type});
    }
    ::closedir(handle);
    return listing;
}

}  // namespace josekic::io
