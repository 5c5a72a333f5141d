#pragma once

#include <optional>
#include <string_view>

namespace josekic::explorer {

/// A file of the page, compiled into the binary from explorer/page (embed_page.cmake).
struct PageFile {
    std::string_view content;
    std::string_view media_type;  ///< "text/html; charset=utf-8", ...
};

/// The page file `name` ("index.html", "board.js"), or nullopt: only the files of the page
/// folder exist, whatever else the name says.
std::optional<PageFile> page_file(std::string_view name);

}  // namespace josekic::explorer
