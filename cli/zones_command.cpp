#include "cli/zones_command.hpp"

#include <iostream>

#include "cli/options.hpp"
#include "compiler/compile/compile_job.hpp"
#include "trackers/zone.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

ExitStatus run_zones(const std::vector<std::string>& args) {
    const CommandHelp help{
        "zones", "josekic zones [--zones FILE] [--map]",
        "Prints the 19x19 board with the role of every point: which corners' zone it belongs to,\n"
        "where two zones overlap, and the exclusion rings. With --zones, reads the upper-right\n"
        "zone from FILE (the format `josekic zones --map` prints) and checks it, or shows a\n"
        "built-in shape by its name, as compile's --zones takes them."};
    std::string zones_file;
    bool map_only = false;
    const std::string zones_text = "zone map file, or a built-in shape (" +
                                   trackers::Zone::shape_names() +
                                   "), to show instead of the default";
    po::options_description all;
    all.add_options()("zones", po::value(&zones_file)->value_name("FILE"), zones_text.c_str())(
        "map", po::bool_switch(&map_only), "print the upper-right zone in the --zones FILE format");
    if (parse_command_line(help, all, po::positional_options_description{}, args) ==
        ParseOutcome::HelpShown)
        return ExitStatus::Ok;

    // As compile reads --zones: a built-in shape's name or a map file.
    const trackers::Zone zone = trackers::Zone::load(zones_file);
    std::cout << (map_only ? zone.to_map() : trackers::render_zone_map(zone));
    return ExitStatus::Ok;
}

}  // namespace josekic::cli
