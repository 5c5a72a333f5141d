#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/scale_corpus/game_generator.hpp"
#include "bench/scale_corpus/source_pool.hpp"

namespace josekic::bench {

/// How the generated games are laid out on disk.
enum class FileLayout {
    Monthly,    ///< DIR/months/YYYY-MM.sgf, one collection of every game of the month
    OnePerGame  ///< DIR/months/YYYY-MM/NNNNNNN.sgf
};

/// Where and how the corpus is written.
struct CorpusLayout {
    std::filesystem::path directory;
    FileLayout layout = FileLayout::Monthly;
    /// Games dated in each month; the months run from first_year-first_month on.
    std::size_t games_per_month = 5000;
    int first_year = 2005;
    int first_month = 1;
};

/// The SGF text of a generated game, dated `date` (YYYY-MM-DD) and named by its number.
std::string game_sgf(const GeneratedGame& game, const SourceInfo& info, const std::string& date,
                     std::size_t number);

/// Writes generated games in order, month after month. Throws std::runtime_error when a
/// file cannot be written.
class CorpusWriter {
  public:
    explicit CorpusWriter(CorpusLayout layout);
    /// Writes the next game (numbered from 0 in order of add()).
    void add(const GeneratedGame& game, const SourceInfo& info);
    /// Closes the last file; call before reading the corpus.
    void finish();
    /// The month files written so far, in order (monthly layout), or the month directories.
    const std::vector<std::filesystem::path>& months() const { return months_; }

  private:
    void open_month(std::size_t month);
    CorpusLayout layout_;
    std::size_t games_ = 0;
    std::ofstream file_;
    std::vector<std::filesystem::path> months_;
};

/// The directory of the month files (or directories) under layout.directory.
std::filesystem::path months_directory(const CorpusLayout& layout);

/// DIR/games-N/: symbolic links to the first N / games_per_month months, for measurements
/// of growth. N must be a multiple of games_per_month and at most the games written.
void link_subset(const CorpusLayout& layout, const std::vector<std::filesystem::path>& months,
                 std::size_t games);

}  // namespace josekic::bench
