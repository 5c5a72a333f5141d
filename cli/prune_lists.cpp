#include "cli/prune_lists.hpp"

#include <iostream>

#include "prune/list_file.hpp"

namespace josekic::cli {

std::optional<std::vector<prune::PruneList>> read_prune_lists(
    const std::vector<std::string>& files) {
    diag::DiagnosticList problems;
    std::optional<std::vector<prune::PruneList>> lists = prune::read_prune_lists(files, problems);
    for (const diag::Diagnostic& d : problems.items) std::cerr << diag::format(d) << "\n";
    return lists;
}

}  // namespace josekic::cli
