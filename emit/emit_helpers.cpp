#include "emit/emit_helpers.hpp"

#include <algorithm>

namespace josekic::emit {

void EmitHelpers::job_done() {
    const std::lock_guard lock(mutex_);
    --jobs_left_;
    changed_.notify_all();
}

void EmitHelpers::help() {
    std::unique_lock lock(mutex_);
    for (;;) {
        // The last pending part of any board: parts run ahead of the writer, from the end,
        // so that the writer and its helpers meet in the middle.
        Board* board = nullptr;
        Part* part = nullptr;
        for (Board* b : boards_) {
            if (b->next_from_end >= b->parts.size()) continue;
            Part& candidate = b->parts[b->parts.size() - 1 - b->next_from_end];
            if (candidate.state != Part::State::Pending) {
                b->next_from_end = b->parts.size();  // met the writer: nothing left ahead of it
                continue;
            }
            ++b->next_from_end;
            candidate.state = Part::State::Helper;
            board = b;
            part = &candidate;
            break;
        }
        if (part == nullptr) {
            if (jobs_left_ == 0) return;
            changed_.wait(lock);
            continue;
        }
        lock.unlock();
        try {
            board->format(*part);
        } catch (...) {
            part->failure = std::current_exception();
        }
        lock.lock();
        part->state = Part::State::Ready;
        changed_.notify_all();
    }
}

void EmitHelpers::add(Board& board) {
    const std::lock_guard lock(mutex_);
    boards_.push_back(&board);
    changed_.notify_all();
}

bool EmitHelpers::take_in_order(Board& board, std::size_t index) {
    const std::lock_guard lock(mutex_);
    Part& part = board.parts[index];
    if (part.state != Part::State::Pending) return false;
    part.state = Part::State::Writer;
    return true;
}

void EmitHelpers::wait_ready(Board& board, std::size_t index) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return board.parts[index].state == Part::State::Ready; });
}

void EmitHelpers::remove(Board& board) {
    std::unique_lock lock(mutex_);
    boards_.erase(std::remove(boards_.begin(), boards_.end(), &board), boards_.end());
    changed_.wait(lock, [&] {
        return std::none_of(board.parts.begin(), board.parts.end(),
                            [](const Part& p) { return p.state == Part::State::Helper; });
    });
}

}  // namespace josekic::emit
