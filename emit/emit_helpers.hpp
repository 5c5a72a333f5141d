#pragma once

// Threads that have written their own dictionaries help with the others'.
//
// A dictionary written with WriteOptions::helpers is cut into parts: the subtrees that
// start at depth kPartDepth, in output order. The thread writing the file formats its
// parts in order and streams them as before; an idle helper takes the last part nobody
// has started, formats it into memory, and the writer copies that text out when it gets
// there. The bytes are the same whoever formats a part, and only parts a helper ran ahead
// on are ever held in memory (the tail of the slower dictionary, not whole files).

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "core/dictionary/trie.hpp"

namespace josekic::emit {

/// Parts start at this depth (moves from the root): fine enough for the tail of a
/// dictionary to be shared, coarse enough that a part is not a handful of nodes.
inline constexpr std::size_t kPartDepth = 2;

/// The coordination point of the threads that write dictionaries at the same time.
class EmitHelpers {
  public:
    /// `jobs`: how many threads will write dictionaries and call job_done() once each.
    explicit EmitHelpers(std::size_t jobs) : jobs_left_(jobs) {}
    EmitHelpers(const EmitHelpers&) = delete;
    EmitHelpers& operator=(const EmitHelpers&) = delete;

    /// Called once by each job when it has written (or failed to write) all it will.
    void job_done();
    /// Formats parts of the dictionaries other jobs are writing, last parts first, until
    /// every job is done. Call after job_done().
    void help();

    /// One part of a dictionary: the subtree of `node`, formatted by its writer in place or
    /// ahead of it by a helper (then held in `text`).
    struct Part {
        enum class State { Pending, Writer, Helper, Ready };
        dictionary::NodeId node = dictionary::kNoNode;
        State state = State::Pending;
        std::string text;
        std::size_t nodes = 0;
        std::size_t terminals = 0;
        std::exception_ptr failure;
    };
    /// The parts of one dictionary being written and how to format one of them into a string.
    struct DictionaryParts {
        std::vector<Part> parts;
        std::size_t next_from_end =
            0;  ///< parts[size - next_from_end, size) are no helper's to take
        std::function<void(Part&)> format;
    };

    /// For the writer: makes `dictionary` visible to helpers.
    void add(DictionaryParts& dictionary);
    /// For the writer: takes part `index` if no helper has; returns false when a helper has
    /// (then wait_ready(index) before using its text).
    bool take_in_order(DictionaryParts& dictionary, std::size_t index);
    /// For the writer: waits until a helper has finished part `index`.
    void wait_ready(DictionaryParts& dictionary, std::size_t index);
    /// For the writer: hides `dictionary` from helpers and waits for parts being formatted.
    void remove(DictionaryParts& dictionary);

  private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<DictionaryParts*> dictionaries_;
    std::size_t jobs_left_;
};

}  // namespace josekic::emit
