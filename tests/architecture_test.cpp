#include <catch2/catch.hpp>

#include "tests/support/file_bytes.hpp"

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = JOSEKIC_SOURCE_DIR;

// The folders named in the first column of ARCHITECTURE.md's table: "| `core/go` | ... |".
std::set<std::string> documented_folders() {
    std::istringstream lines(josekic::test_support::slurp(kRoot / "ARCHITECTURE.md"));
    const std::regex row(R"(^\| `([a-z_/]+?)/?` \|)");
    std::set<std::string> folders;
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(line, m, row)) folders.insert(m[1].str());
    }
    return folders;
}

bool holds_sources(const fs::path& dir) {
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
        if (e.is_regular_file() &&
            (e.path().extension() == ".cpp" || e.path().extension() == ".hpp"))
            return true;
    return false;
}

}  // namespace

TEST_CASE("ARCHITECTURE.md's table names every source folder, and only folders that exist",
          "[architecture]") {
    const std::set<std::string> documented = documented_folders();
    REQUIRE(documented.size() > 10);
    for (const std::string& folder : documented) {
        INFO(folder);
        CHECK(fs::is_directory(kRoot / folder));
    }
    // Every folder of the product holding sources is in the table, or inside a folder that is.
    for (const char* top : {"core", "trackers", "emit", "prune", "reference", "index", "compiler",
                            "cli", "bench", "fuzz"}) {
        if (!fs::is_directory(kRoot / top)) continue;
        for (const fs::directory_entry& e : fs::recursive_directory_iterator(kRoot / top)) {
            if (!e.is_directory() || !holds_sources(e.path())) continue;
            if (e.path().string().find("node_modules") != std::string::npos) continue;
            std::string folder = fs::relative(e.path(), kRoot).generic_string();
            bool covered = false;
            for (std::string at = folder; !at.empty() && !covered;) {
                covered = documented.count(at) != 0;
                const std::size_t slash = at.rfind('/');
                at = slash == std::string::npos ? "" : at.substr(0, slash);
            }
            INFO(folder);
            CHECK(covered);
        }
    }
}
