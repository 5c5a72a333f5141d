// docs/api.md's table of endpoints against the one the server serves (explorer::kEndpoints).
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "explorer/api.hpp"
#include "tests/support/file_bytes.hpp"

using namespace josekic;

namespace {

// The endpoints docs/api.md's table names: "| `GET /api/joseki?moves=...` | ..." gives
// "GET /api/joseki".
std::set<std::string> documented_endpoints() {
    std::istringstream doc(
        test_support::slurp(std::filesystem::path(JOSEKIC_SOURCE_DIR) / "docs" / "api.md"));
    std::set<std::string> names;
    for (std::string line; std::getline(doc, line);) {
        if (!line.starts_with("| `GET ") && !line.starts_with("| `POST ")) continue;
        const std::size_t start = 3;
        const std::size_t end = line.find_first_of("?`", start);
        names.insert(line.substr(start, end - start));
    }
    return names;
}

}  // namespace

TEST_CASE("docs/api.md documents every endpoint the server serves, and only those", "[explorer]") {
    const std::set<std::string> documented = documented_endpoints();
    std::set<std::string> served;
    for (const explorer::Endpoint& endpoint : explorer::kEndpoints) {
        served.insert(std::string(endpoint.documented));
        CHECK(endpoint.documented.starts_with(std::string(endpoint.method) + " /api/"));
    }
    CHECK(documented == served);
}
