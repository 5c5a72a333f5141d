#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/diag/diagnostic.hpp"
#include "core/formats/text_lines.hpp"
#include "core/game/game_record.hpp"
#include "core/go/color.hpp"
#include "core/sgf/charset.hpp"
#include "core/sgf/game_reader.hpp"

namespace josekic::formats {

/// What the readers of GIB, NGF and UGF share: one GameRecord (these formats hold one game
/// per file), its text decoded to UTF-8, its moves checked, its diagnostics positioned.
class RecordBuilder {
  public:
    /// The record's text is decoded from `options.forced_charset` when given, else from
    /// what the file's bytes look like (sgf::fallback_charset()) until use_charset().
    RecordBuilder(std::string_view bytes, std::string_view path, const sgf::ReadOptions& options,
                  diag::DiagnosticSink& sink);

    /// Decodes the following text from the charset the file names (`spelling` as
    /// iconv_charset_name() reads it), unless --charset forces one.
    void use_charset(std::string_view spelling, diag::SourceLocation where);
    /// `bytes` as UTF-8.
    std::string text(std::string_view bytes, diag::SourceLocation where);

    /// The game being read.
    game::GameRecord& record() { return record_; }

    /// Adds a stone of `color` at (x, y), 0-based SGF orientation, to the main line.
    /// Returns false, with a "bad-move" warning quoting `written`, when the point is off
    /// the board: the main line ends before it, as in an SGF file.
    bool add_move(go::Color color, int x, int y, std::string_view written,
                  diag::SourceLocation where);
    /// Reports the move line `written` that cannot be read ("bad-move" warning) and returns
    /// false: the main line ends before it.
    bool unreadable_move(std::string_view written, diag::SourceLocation where);
    /// Adds a pass of `color` to the main line.
    void add_pass(go::Color color, diag::SourceLocation where);
    /// Adds a black setup stone (a handicap stone the file lists as a move) at (x, y), or
    /// warns as add_move() does.
    bool add_setup_black(int x, int y, std::string_view written, diag::SourceLocation where);

    /// Reports that the file ends before the game does ("record-cut-short"): `how` says how it
    /// shows ("the game has no end mark (\\GE): the file ends after 3 moves"); the warning
    /// stands at the end of `lines`, the file's last line.
    void cut_short(const std::vector<TextLine>& lines, const std::string& how);

    /// Reports a problem of the file at `where`.
    void warning(diag::SourceLocation where, diag::Code code, std::string message);
    void error(diag::SourceLocation where, diag::Code code, std::string message);

    /// The games read: the one record, its year and winner read from its date and result;
    /// none, with a "no-game-record" error naming `format`, when the file held neither
    /// game information nor moves (`found_header` false and no move).
    std::vector<game::GameRecord> finish(std::string_view format, bool found_header);

  private:
    std::string_view path_;
    diag::DiagnosticSink& sink_;
    bool charset_forced_;
    sgf::TextDecoder decoder_;
    game::GameRecord record_;
};

}  // namespace josekic::formats
