#pragma once

#include <string_view>

#include "core/diag/diagnostic.hpp"
#include "core/game/game_record.hpp"
#include "core/sgf/charset.hpp"
#include "core/sgf/game_reader.hpp"
#include "core/sgf/sgf_tree.hpp"

namespace josekic::sgf {

class RootProperties;  // game_builder.cpp

/// Reads one game into a GameRecord node by node: the root first, then the main line's
/// nodes in order. Game-info text goes through the decoder; structural values (points,
/// numbers) are ASCII and are read as bytes. Problems go to the sink given at construction.
/// Both ways of reading a tree use it, so that a game reads the same whether its tree went
/// through an SgfTree or the one-pass reader.
class GameBuilder {
  public:
    /// `decoder` must already use the game's charset (see select_charset()).
    GameBuilder(std::string_view path, TextDecoder& decoder, diag::DiagnosticSink& sink)
        : path_(path), decoder_(decoder), sink_(sink) {}

    /// Reads the root node into `g` (whose source_path and location the caller sets): game
    /// type, board size, game information, setup stones and any move in the root. Returns
    /// whether the main line goes on: false for a game that is not Go on a board up to
    /// 19x19 (the caller skips those) or after a bad move in the root.
    bool start(const SgfNode& root, game::GameRecord& g);

    /// Reads the next node of the main line after the root. Returns false when the main line
    /// ends before or inside it (setup after the first move, a bad move): later nodes must
    /// not be added.
    bool add(const SgfNode& node, game::GameRecord& g);

    /// Reads a node that holds one move and nothing else, the property `color_letter` ('B'
    /// or 'W') with the single value `value` at `at`, when that value is a point of the
    /// board written as two letters, as nearly every node is. Returns false, having read
    /// nothing, otherwise: the node then goes to add().
    static bool add_plain_move(char color_letter, std::string_view value, diag::SourceLocation at,
                               game::GameRecord& g);

  private:
    std::string text(const SgfProperty* p);
    std::optional<int> integer(const SgfProperty* p);
    void read_structure(const RootProperties& root, game::GameRecord& g);
    void read_info(const RootProperties& root, game::GameInfo& info);
    void read_setup(const SgfNode& node, const char (&id)[3], std::vector<go::Point>& out,
                    const game::GameRecord& g);
    bool read_moves(const SgfNode& node, game::GameRecord& g);

    std::string_view path_;
    TextDecoder& decoder_;
    diag::DiagnosticSink& sink_;
};

/// Reads the main line of a parsed tree into a record (with its source path and
/// location; the caller numbers it).
game::GameRecord read_tree_game(const SgfTree& tree, std::string_view path, GameBuilder& builder);

/// Whether read_games() converted a file's text to UTF-8 as a whole before parsing it
/// (UTF-16, or UTF-8 with a BOM), so that CA no longer describes the bytes.
enum class FileConversion { None, WholeFileToUtf8 };

/// Makes `decoder` read the game whose root is `root`: --charset when given, else the
/// root's CA (unless the file was converted to UTF-8 as a whole, `converted`), else the
/// file's fallback.
void select_charset(TextDecoder& decoder, const SgfNode& root, const ReadOptions& options,
                    FileConversion converted);

}  // namespace josekic::sgf
