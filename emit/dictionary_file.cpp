#include "emit/dictionary_file.hpp"

#include "emit/atomic_file.hpp"

namespace josekic::emit {

WriteCounts write_dictionary_file(const std::filesystem::path& target, const dictionary::Trie& trie,
                                  const WriteOptions& options, dictionary::NodeId first_move,
                                  const WriteTimer& timer) {
    AtomicFile file(target);
    const auto run = [&timer](const std::function<void()>& write) {
        if (timer)
            timer(write);
        else
            write();
    };
    const TextSink sink = [&](std::string_view piece) { run([&] { file.write(piece); }); };
    const WriteCounts counts = first_move == dictionary::kNoNode
                                   ? write_dictionary(trie, options, sink)
                                   : write_dictionary_part(trie, first_move, options, sink);
    run([&file] { file.commit(); });
    return counts;
}

WriteCounts write_collection_file(const std::filesystem::path& target,
                                  std::span<const CollectionTree> trees) {
    AtomicFile file(target);
    const TextSink sink = [&file](std::string_view piece) { file.write(piece); };
    WriteCounts total;
    for (const CollectionTree& tree : trees) {
        const WriteCounts counts = write_dictionary(*tree.trie, tree.options, sink);
        total.bytes += counts.bytes;
        total.nodes += counts.nodes;
        total.terminals += counts.terminals;
    }
    file.commit();
    return total;
}

}  // namespace josekic::emit
