#include "emit/dictionary_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include "core/io/positioned_io.hpp"
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
        for (const std::uint64_t offset : counts.compile_id_offsets)
            total.compile_id_offsets.push_back(total.bytes + offset);
        total.bytes += counts.bytes;
        total.nodes += counts.nodes;
        total.terminals += counts.terminals;
    }
    file.commit();
    return total;
}

void write_compile_id(const std::filesystem::path& target, std::span<const std::uint64_t> offsets,
                      std::string_view id) {
    if (offsets.empty()) return;
    const auto fail = [&target](int error) {
        throw std::runtime_error("cannot write " + target.string() + ": " + std::strerror(error));
    };
    const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(errno);
    int error = 0;
    for (const std::uint64_t offset : offsets) {
        if (error == 0) error = io::write_at(fd, offset, std::as_bytes(std::span(id)));
    }
    if (error == 0 && ::fsync(fd) != 0) error = errno;
    if (::close(fd) != 0 && error == 0) error = errno;
    if (error != 0) fail(error);
}

}  // namespace josekic::emit
