#pragma once
// A yes/no question about the meta-parameter names of a list's configs
// ("is it a parameter of the kernel?", "does the launch pass it?"), asked
// for every name of every config. The configs of one expression hold the
// same names in the same order: the answer is remembered per position and
// the question asked again only where the name there changed.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace btlint {

class ConfigNameAnswers {
public:
  // The answer for `name`, found at `position` among the current config's
  // names; `ask(name)` gives it when the previous config had another name
  // there. `name` must outlive the next call at this position (a config's
  // own key does, while the list is checked).
  template <typename Ask> bool operator()(size_t position, const std::string &name, Ask &&ask) {
    if (position >= last_.size()) last_.resize(position + 1);
    Entry &entry = last_[position];
    if (!entry.asked || entry.name != name) entry = {name, true, static_cast<bool>(ask(name))};
    return entry.answer;
  }

private:
  struct Entry {
    std::string_view name;
    bool asked = false;
    bool answer = false;
  };
  std::vector<Entry> last_;
};

} // namespace btlint
