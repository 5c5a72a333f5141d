#include "cli/zones_command.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

#include "cli/options.hpp"
#include "trackers/zone.hpp"

namespace po = boost::program_options;

namespace josekic::cli {

ExitStatus run_zones(const std::vector<std::string>& args) {
    const CommandHelp help{
        "zones", "josekic zones [--zones FILE] [--map]",
        "Prints the 19x19 board with the role of every point: which corners' zone it belongs to,\n"
        "where two zones overlap, and the exclusion rings. With --zones, reads the upper-right\n"
        "zone from FILE (the format `josekic zones --map` prints) and checks it."};
    std::string zones_file;
    bool map_only = false;
    po::options_description all;
    all.add_options()("zones", po::value(&zones_file)->value_name("FILE"),
                      "zone map to show instead of the default")(
        "map", po::bool_switch(&map_only), "print the upper-right zone in the --zones FILE format");
    if (parse_command_line(help, all, po::positional_options_description{}, args) ==
        ParseOutcome::HelpShown)
        return ExitStatus::Ok;

    std::optional<trackers::Zone> zone = trackers::Zone::default_zone();
    if (!zones_file.empty()) {
        std::ifstream in(zones_file, std::ios::binary);
        if (!in) {
            std::cerr << "josekic: cannot read " << zones_file << "\n";
            return ExitStatus::Error;
        }
        const std::string text{std::istreambuf_iterator<char>(in),
                               std::istreambuf_iterator<char>()};
        diag::DiagnosticList problems;
        zone = trackers::Zone::from_map(text, zones_file, problems);
        for (const diag::Diagnostic& d : problems.items) std::cerr << diag::format(d) << "\n";
        if (!zone) return ExitStatus::Error;
    }
    std::cout << (map_only ? zone->to_map() : trackers::render_zone_map(*zone));
    return ExitStatus::Ok;
}

}  // namespace josekic::cli
