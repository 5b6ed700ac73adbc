#include "host/golden_check.h"

namespace loom {

std::string valueText(Bits b, const Type& t) {
  return formatVectorPrint(b, t);
}

std::vector<RtValue> goldenCopies(const std::vector<RtValue>& args, GoldenClones& clones) {
  std::vector<RtValue> goldenArgs = args;
  for (RtValue& v : goldenArgs) {
    if (!v.mem) continue;
    auto& clone = clones[v.mem->buf.get()];
    if (!clone) clone = std::make_shared<Buffer>(*v.mem->buf);
    auto view = std::make_shared<MemRefView>(*v.mem);
    view->buf = clone;
    v.mem = view;
  }
  return goldenArgs;
}

harness::Finding resultFinding(const Loc& loc, const std::string& function, uint64_t invocation,
                               size_t i, const Type& t, Bits got, Bits want,
                               const std::string& how) {
  harness::Finding h;
  h.check = "results";
  h.function = function;
  h.invocation = invocation;
  h.loc = loc;
  h.summary = "result #" + std::to_string(i) + " is " + valueText(got, t) + how +
              "; the interpreter gives " + valueText(want, t);
  return h;
}

void compareWithGolden(const GoldenCompare& call, const std::vector<Bits>& results,
                       const CallResult& gr, const std::vector<RtValue>& args,
                       const GoldenClones& clones, std::vector<harness::Finding>& out) {
  for (size_t i = 0; i < gr.results.size(); ++i) {
    if (results[i] != gr.results[i].bits)
      out.push_back(resultFinding(call.site, call.function, call.invocation, i,
                                  call.f.resultTypes[i], results[i], gr.results[i].bits, ""));
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].mem) continue;
    const Buffer& real = *args[i].mem->buf;
    const Buffer& gold = *clones.at(&real);
    for (size_t e = 0; e < real.data.size(); ++e) {
      if (real.data[e] == gold.data[e]) continue;
      harness::Finding h;
      h.check = "memory";
      h.function = call.function;
      h.invocation = call.invocation;
      h.loc = call.site;
      h.summary = "memref argument #" + std::to_string(i) +
                  " differs from the interpreter at element " + std::to_string(e) + ": " +
                  valueText(real.data[e], real.elem) + " vs " + valueText(gold.data[e], real.elem);
      out.push_back(std::move(h));
      break;
    }
  }
}

} // namespace loom
