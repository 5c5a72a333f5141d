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
        // The last pending part of any dictionary: parts run ahead of the writer, from the end,
        // so that the writer and its helpers meet in the middle.
        DictionaryParts* dictionary = nullptr;
        Part* part = nullptr;
        for (DictionaryParts* d : dictionaries_) {
            if (d->next_from_end >= d->parts.size()) continue;
            Part& candidate = d->parts[d->parts.size() - 1 - d->next_from_end];
            if (candidate.state != Part::State::Pending) {
                d->next_from_end = d->parts.size();  // met the writer: nothing left ahead of it
                continue;
            }
            ++d->next_from_end;
            candidate.state = Part::State::Helper;
            dictionary = d;
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
            dictionary->format(*part);
        } catch (...) {
            part->failure = std::current_exception();
        }
        lock.lock();
        part->state = Part::State::Ready;
        changed_.notify_all();
    }
}

void EmitHelpers::add(DictionaryParts& dictionary) {
    const std::lock_guard lock(mutex_);
    dictionaries_.push_back(&dictionary);
    changed_.notify_all();
}

bool EmitHelpers::take_in_order(DictionaryParts& dictionary, std::size_t index) {
    const std::lock_guard lock(mutex_);
    Part& part = dictionary.parts[index];
    if (part.state != Part::State::Pending) return false;
    part.state = Part::State::Writer;
    return true;
}

void EmitHelpers::wait_ready(DictionaryParts& dictionary, std::size_t index) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return dictionary.parts[index].state == Part::State::Ready; });
}

void EmitHelpers::remove(DictionaryParts& dictionary) {
    std::unique_lock lock(mutex_);
    dictionaries_.erase(std::remove(dictionaries_.begin(), dictionaries_.end(), &dictionary),
                        dictionaries_.end());
    changed_.wait(lock, [&] {
        return std::none_of(dictionary.parts.begin(), dictionary.parts.end(),
                            [](const Part& p) { return p.state == Part::State::Helper; });
    });
}

}  // namespace josekic::emit
