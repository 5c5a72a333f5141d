#include "cli/recorded_output_options.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "cli/options.hpp"
#include "index/dictionary_set.hpp"
#include "index/index_options.hpp"
#include "reference/reference_index.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

std::vector<std::string> output_arguments(const OutputOptions& bound) {
    namespace fs = std::filesystem;
    const auto absolute = [](const std::string& path) {
        std::error_code error;
        const fs::path made = fs::absolute(path, error);
        return error ? path : made.lexically_normal().string();
    };
    std::vector<std::string> arguments;
    const auto add = [&arguments](const char* option, const std::string& value) {
        arguments.emplace_back(option);
        arguments.push_back(value);
    };
    for (const std::string& argument : bound.references) {
        const reference::ReferenceSpec spec = reference::parse_reference_spec(argument);
        add("--reference", spec.name + "=" + absolute(spec.path));
    }
    for (const std::string& file : bound.prune_files) add("--prune", absolute(file));
    if (bound.max_games_listed != OutputOptions{}.max_games_listed)
        add("--max-games-listed", std::to_string(bound.max_games_listed));
    if (bound.split) arguments.emplace_back("--split");
    if (bound.eras_given) add("--eras", bound.eras);
    const ThresholdOptions& t = bound.thresholds;
    if (t.min_count != 0) add("--min-count", std::to_string(t.min_count));
    if (!t.min_share.empty()) add("--min-share", t.min_share);
    if (t.max_depth != 0) add("--max-depth", std::to_string(t.max_depth));
    if (t.max_children != 0) add("--max-children", std::to_string(t.max_children));
    if (t.min_players != 0) add("--min-players", std::to_string(t.min_players));
    if (t.max_nodes != 0) add("--max-nodes", std::to_string(t.max_nodes));
    if (!t.max_bytes.empty()) add("--max-bytes", t.max_bytes);
    if (t.full) arguments.emplace_back("--full");
    return arguments;
}

OutputOptions with_recorded_output_options(const OutputOptions& output,
                                           const std::set<std::string>& given,
                                           const std::vector<std::string>& recorded,
                                           const std::string& dir) {
    OutputOptions dictionary;
    std::set<std::string> recorded_names;
    try {
        po::options_description options;
        add_output_options(options, dictionary);
        po::variables_map values;
        po::store(po::command_line_parser(recorded).options(options).run(), values);
        po::notify(values);
        for (const auto& [name, value] : values)
            if (!value.defaulted()) recorded_names.insert(name);
    } catch (const po::error& e) {
        throw std::runtime_error(dir + " was written with options this josekic cannot read (" +
                                 e.what() +
                                 "); give --update the output options again, or "
                                 "compile all the games again");
    }
    // Option by option: the command line's where it gave one, else the dictionary's.
    OutputOptions merged = output;
    // The budget is one choice (--full refuses --max-nodes and --max-bytes beside it): one
    // part of it given replaces the dictionary's budget whole.
    const std::set<std::string> budget = {"full", "max-nodes", "max-bytes"};
    const bool budget_given =
        std::ranges::any_of(budget, [&](const std::string& name) { return given.contains(name); });
    const auto take = [&](const char* name) {
        if (budget_given && budget.contains(name)) return false;
        return !given.contains(name) && recorded_names.contains(name);
    };
    if (take("reference")) merged.references = dictionary.references;
    if (take("prune")) merged.prune_files = dictionary.prune_files;
    if (take("max-games-listed")) merged.max_games_listed = dictionary.max_games_listed;
    if (take("split")) merged.split = dictionary.split;
    if (take("eras")) {
        merged.eras = dictionary.eras;
        merged.eras_given = true;
    }
    ThresholdOptions& t = merged.thresholds;
    const ThresholdOptions& d = dictionary.thresholds;
    if (take("min-count")) t.min_count = d.min_count;
    if (take("min-share")) t.min_share = d.min_share;
    if (take("max-depth")) t.max_depth = d.max_depth;
    if (take("max-children")) t.max_children = d.max_children;
    if (take("min-players")) t.min_players = d.min_players;
    if (take("max-nodes")) t.max_nodes = d.max_nodes;
    if (take("max-bytes")) t.max_bytes = d.max_bytes;
    if (take("full")) t.full = d.full;
    return merged;
}

namespace {

// " --split --min-count 2", or " none".
std::string arguments_text(const std::vector<std::string>& arguments) {
    std::string text;
    for (const std::string& argument : arguments) text += " " + argument;
    return text.empty() ? " none" : text;
}

// Throws, naming `dictionary`, for a book or prune list of its that is not there any more.
void check_recorded_files(const OutputOptions& options, const std::set<std::string>& given,
                          const std::string& dictionary) {
    const auto check = [&](const std::string& option, const std::string& argument,
                           const std::string& path) {
        std::error_code error;
        if (std::filesystem::exists(path, error)) return;
        throw std::runtime_error(dictionary + " was written with " + option + " " + argument +
                                 ", which cannot be read now: give " + option +
                                 " with where it is now (or with what to write with instead)");
    };
    if (!given.contains("reference")) {
        for (const std::string& argument : options.references)
            check("--reference", argument, reference::parse_reference_spec(argument).path);
    }
    if (!given.contains("prune")) {
        for (const std::string& file : options.prune_files) check("--prune", file, file);
    }
}

}  // namespace

OutputOptions dictionaries_output_options(const OutputOptions& output,
                                          const std::set<std::string>& given,
                                          const std::vector<std::string>& dictionaries) {
    if (output.as_given) return output;
    std::vector<OutputOptions> written;  // each dictionary's, under this command line's
    for (const std::string& dictionary : dictionaries) {
        std::optional<index::IndexFile> index;
        try {
            index.emplace(index::open_dictionary_index(dictionary));
        } catch (const std::exception&) {
            return output;  // the command opens it again, and says what is wrong
        }
        const std::optional<std::vector<std::string>> recorded = index::output_arguments(*index);
        if (!recorded) return output;
        written.push_back(with_recorded_output_options(output, given, *recorded, dictionary));
    }
    if (written.empty()) return output;
    // Parts written differently: none of their ways is the merge's.
    for (std::size_t i = 1; i < written.size(); ++i) {
        const std::vector<std::string> first = output_arguments(written.front());
        const std::vector<std::string> other = output_arguments(written[i]);
        if (other == first) continue;
        std::cerr << "josekic: warning: " << dictionaries.front() << " and " << dictionaries[i]
                  << " were written with other output options (" << dictionaries.front() << ":"
                  << arguments_text(first) << "; " << dictionaries[i] << ":"
                  << arguments_text(other)
                  << "): the result is written with this command's alone (docs/merge.md)\n";
        return output;
    }
    check_recorded_files(written.front(), given, dictionaries.front());
    return written.front();
}

}  // namespace josekic::cli
