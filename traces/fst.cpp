#include "traces/fst.h"

#include "traces/change_records.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstapi.h>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

namespace loom::traces {

namespace {

// The number a VCD identifier code stands for (VcdCode::number, inverted).
uint64_t codeNumber(std::string_view code) {
  uint64_t n = 0, scale = 1;
  for (char c : code) {
    n += static_cast<uint64_t>(c - '!') * scale;
    scale *= 94;
  }
  return n;
}

// Binary text of `value` in `width` digits, most significant first.
std::string binary(uint64_t value, unsigned width) {
  std::string s(width, '0');
  putDigits(s.data(), value, width);
  return s;
}

// A FstWriter's output (its VCD header, then its change records: change_records.h) as
// fstapi calls.
class FstConverter {
public:
  explicit FstConverter(void* ctx) : ctx_(ctx) {}
  ~FstConverter() {
    if (ctx_) fstWriterClose(ctx_);
  }

  // A block of the output, ending at a record's end (the header is never cut: the
  // writer appends it in one piece).
  void convert(std::string_view block) {
    const char* p = block.data();
    const char* end = p + block.size();
    while (!headerDone_ && p < end) {
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', end - p));
      if (!nl) nl = end;
      header(std::string_view(p, nl - p));
      p = nl == end ? end : nl + 1;
    }
    records(p, end);
  }

  std::optional<std::string> finish() {
    if (!ctx_) return std::nullopt;
    bool seekFailed = fstWriterGetFseekFailed(ctx_);
    fstWriterClose(ctx_);
    ctx_ = nullptr;
    if (seekFailed) return "the FST writer could not write the file";
    if (corrupt_) return "the trace's change records were cut (a bug in loom-sim)";
    return std::nullopt;
  }

  void declareEnum(std::string_view code, const std::vector<std::string>& names) {
    enums_[std::string(code)] = names;
  }

private:
  struct Var {
    fstHandle handle = 0;
    unsigned width = 1;
    bool real = false;
  };
  using R = ChangeRecords;

  void records(const char* p, const char* end) {
    char digits[64];
    while (p < end) {
      const auto tag = static_cast<R::Tag>(*p);
      if (tag == R::kTime) {
        if (end - p < 9) break;
        time(R::get64(p + 1));
        p += 9;
        continue;
      }
      if (end - p < 5) break;
      const uint32_t n = R::get32(p + 1);
      if (n >= vars_.size() || !vars_[n].handle) break;
      const Var& v = vars_[n];
      switch (tag) {
      case R::kZero:
      case R::kOne:
        digits[0] = tag == R::kOne ? '1' : '0';
        fstWriterEmitValueChange(ctx_, v.handle, digits);
        p += 5;
        break;
      case R::kUnknown:
        if (v.real) {
          double zero = 0;
          fstWriterEmitValueChange(ctx_, v.handle, &zero);
        } else {
          std::memset(digits, 'x', v.width);
          fstWriterEmitValueChange(ctx_, v.handle, digits);
        }
        p += 5;
        break;
      case R::kVector:
      case R::kRealF32:
      case R::kRealF64: {
        if (end - p < 13) return cut();
        const uint64_t value = R::get64(p + 5);
        if (tag == R::kVector) {
          putDigits(digits, value, v.width);
          fstWriterEmitValueChange(ctx_, v.handle, digits);
        } else {
          double d = real(tag, value);
          fstWriterEmitValueChange(ctx_, v.handle, &d);
        }
        p += 13;
        break;
      }
      default: return cut();
      }
      ++changes_;
    }
    if (p != end) cut();
  }

  // A record the writer cannot have written: the rest is not read.
  void cut() { corrupt_ = true; }

  // The double the VCD's text of the value reads as (vcd_text.cpp putReal): an f32 is
  // its shortest text, so 0.1f is 0.1 in both files.
  static double real(R::Tag tag, uint64_t bits) {
    if (tag == R::kRealF64) {
      double d;
      std::memcpy(&d, &bits, sizeof d);
      return d;
    }
    float f;
    uint32_t low = static_cast<uint32_t>(bits);
    std::memcpy(&f, &low, sizeof f);
    char text[40];
    char* e = std::to_chars(text, text + sizeof text, f).ptr;
    double d = 0;
    std::from_chars(text, e, d);
    return d;
  }

  void time(uint64_t t) {
    // A block ends at a time step (fstWriterFlushContext takes effect at the next).
    if (changes_ >= fst::kBlockChanges) {
      fstWriterFlushContext(ctx_);
      changes_ = 0;
    }
    fstWriterEmitTimeChange(ctx_, t);
  }

  // The header, one declaration per line (VcdWriter::writeHeader).
  void header(std::string_view l) {
    std::vector<std::string_view> w = fst::words(l);
    if (w.empty()) return;
    if (w[0] == "$scope" && w.size() >= 3) {
      fstWriterSetScope(ctx_, FST_ST_VCD_MODULE, std::string(w[2]).c_str(), nullptr);
    } else if (w[0] == "$upscope") {
      fstWriterSetUpscope(ctx_);
    } else if (w[0] == "$var" && w.size() >= 5) {
      declare(w);
    } else if (w[0] == "$comment" && !headerDone_ && l.rfind("$comment phase:", 0) != 0) {
      // An op's source line: an attribute of its scope, as GTKWave keeps comments.
      std::string text(l.substr(9, l.size() >= 14 ? l.size() - 14 : 0));
      fstWriterSetAttrBegin(ctx_, FST_AT_MISC, FST_MT_COMMENT, text.c_str(), 0);
    } else if (w[0] == "$timescale" && w.size() >= 2) {
      fstWriterSetTimescaleFromString(ctx_, std::string(w[1]).c_str());
    } else if (w[0] == "$version" && w.size() >= 3) { // "$version <text> $end"
      std::string_view text = l.substr(9, l.size() - 9 - 5);
      fstWriterSetVersion(ctx_, std::string(text).c_str());
    } else if (w[0] == "$enddefinitions") {
      headerDone_ = true;
    }
  }

  // "$var <kind> <width> <code> <name> [<range>] $end"
  void declare(const std::vector<std::string_view>& w) {
    fst::Var d = fst::declaration(w);
    if (auto it = enums_.find(std::string(d.code)); it != enums_.end())
      fstWriterEmitEnumTableRef(ctx_, enumTable(d.name, it->second, d.width));
    uint64_t n = codeNumber(d.code);
    if (n >= vars_.size()) vars_.resize(n + 1);
    // A channel's variables appear under both of its ports: the second is an alias.
    fstHandle alias = vars_[n].handle;
    fstHandle h = fstWriterCreateVar(ctx_, static_cast<fstVarType>(d.type), FST_VD_IMPLICIT,
                                     d.width, d.name.c_str(), alias);
    if (!alias) vars_[n] = {h, d.width, d.real};
  }

  // One table per distinct list of phase names (many ops share a kind).
  fstEnumHandle enumTable(const std::string& var, const std::vector<std::string>& names,
                          unsigned width) {
    std::string key;
    for (const std::string& n : names)
      key += n + "\n";
    auto it = tables_.find(key);
    if (it != tables_.end()) return it->second;
    std::vector<std::string> values;
    for (size_t i = 0; i < names.size(); ++i)
      values.push_back(binary(i, width));
    std::vector<const char*> lit, val;
    for (size_t i = 0; i < names.size(); ++i) {
      lit.push_back(names[i].c_str());
      val.push_back(values[i].c_str());
    }
    std::string tableName = "phases" + std::to_string(tables_.size());
    fstEnumHandle h =
        fstWriterCreateEnumTable(ctx_, tableName.c_str(), static_cast<uint32_t>(names.size()),
                                 width, lit.data(), val.data());
    tables_.emplace(key, h);
    return h;
  }

  void* ctx_;
  size_t changes_ = 0; // since the last block
  bool corrupt_ = false;
  std::vector<Var> vars_; // by code number
  std::map<std::string, std::vector<std::string>> enums_;
  std::map<std::string, fstEnumHandle> tables_;
  bool headerDone_ = false;
};

// Hands the records to a thread of their own, which converts them while the run goes
// on: the conversion costs more than the run (docs/performance.md "Traces"), and a
// second core takes it (fstapi writes its blocks on a third thread).
class FstSink final : public TraceOut::Sink {
public:
  explicit FstSink(void* ctx) : conv_(ctx), worker_([this] { work(); }) {}
  ~FstSink() override { stop(); }

  Span start() override {
    cur_.resize(TraceOut::kBlock + TraceOut::kSlack);
    return {cur_.data(), cur_.data() + cur_.size()};
  }

  // Everything written goes to the worker: a writer commits whole records.
  Span handOn(size_t used, size_t need, bool, size_t& handed) override {
    handed = used;
    std::vector<char> next = spare();
    next.resize(std::max(need + TraceOut::kSlack, TraceOut::kBlock + TraceOut::kSlack));
    if (used > 0) {
      cur_.resize(used);
      push(std::move(cur_));
    }
    cur_ = std::move(next);
    return {cur_.data(), cur_.data() + cur_.size()};
  }

  std::optional<std::string> close() override {
    stop();
    return conv_.finish();
  }

  void declareEnum(std::string_view code, const std::vector<std::string>& names) override {
    std::lock_guard<std::mutex> lock(mutex_); // before the header is handed on
    conv_.declareEnum(code, names);
  }

private:
  static constexpr size_t kQueued = 4; // blocks waiting at most: memory stays bounded

  std::vector<char> spare() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (free_.empty()) return {};
    std::vector<char> b = std::move(free_.back());
    free_.pop_back();
    return b;
  }

  void push(std::vector<char> block) {
    std::unique_lock<std::mutex> lock(mutex_);
    room_.wait(lock, [&] { return queue_.size() < kQueued; });
    queue_.push_back(std::move(block));
    ready_.notify_one();
  }

  void work() {
    for (;;) {
      std::vector<char> block;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [&] { return !queue_.empty() || done_; });
        if (queue_.empty()) return;
        block = std::move(queue_.front());
        queue_.pop_front();
        room_.notify_one();
      }
      conv_.convert(std::string_view(block.data(), block.size()));
      std::lock_guard<std::mutex> lock(mutex_);
      free_.push_back(std::move(block));
    }
  }

  // Converts what is queued and ends the worker.
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (done_) return;
      done_ = true;
    }
    ready_.notify_one();
    worker_.join();
  }

  FstConverter conv_;
  std::vector<char> cur_;
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<std::vector<char>> queue_;
  std::vector<std::vector<char>> free_;
  bool done_ = false;
  std::thread worker_; // last: starts once the rest exists
};

} // namespace

namespace fst {

void* openContext(const std::string& path) {
  void* ctx = fstWriterCreate(path.c_str(), 1);
  if (!ctx) return nullptr;
  fstWriterSetPackType(ctx, FST_WR_PT_LZ4);
  // Not fstWriterSetParallelMode: with it, 1 of 4 runs of gemm 48^3 wrote a file that
  // fst2vcd cannot read ("fstReaderIterBlocks2() ... rc=-3"), 3 of 4 with the conversion
  // on its own thread; without it 6 of 6 read back. The conversion has a thread of its
  // own instead (FstSink).
  return ctx;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ')
      ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ')
      ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

Var declaration(const std::vector<std::string_view>& w) {
  Var d;
  std::string_view kind = w[1];
  std::from_chars(w[2].data(), w[2].data() + w[2].size(), d.width);
  d.code = w[3];
  d.name = std::string(w[4]);
  if (w.size() >= 7 && w[5].front() == '[') d.name += " " + std::string(w[5]);
  d.real = kind == "real";
  d.type = d.real              ? FST_VT_VCD_REAL
           : kind == "integer" ? FST_VT_VCD_INTEGER
           : kind == "reg"     ? FST_VT_VCD_REG
                               : FST_VT_VCD_WIRE;
  return d;
}

} // namespace fst

std::unique_ptr<TraceOut> createFstOut(const std::string& path, std::string& error) {
  // fstWriterCreate reports nothing: open the file first for the reason.
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fclose(f);
  } else {
    error = std::strerror(errno);
    return nullptr;
  }
  void* ctx = fst::openContext(path);
  if (!ctx) {
    error = "the FST writer cannot create it";
    return nullptr;
  }
  return TraceOut::withSink(std::make_unique<FstSink>(ctx));
}

} // namespace loom::traces
