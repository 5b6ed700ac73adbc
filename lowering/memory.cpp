// Memory lowering (spec-dataflow-memory), after control lowering has replaced every
// memref.load/store by a handshake.load/store and recorded, per region, its accesses
// and child constructs in program order (the LRegion tree):
//   Layer 2: one memory / extmemory interface per root-memref group; store
//            (data, addr) pairs first, then load addresses; results: load data, store
//            dones, load dones.
//   Layer 3: per group, the serial-recursive ctrl-done network: every region is an
//            entry -> done block; accesses at one level are chained token -> access ->
//            done -> next (consecutive loads share the token and join their dones:
//            RAR parallelism); an if splits the token with cond_br and merges the two
//            dones with mux; a loop runs a control carry on the body condition
//            (after_cond; never raw_will_continue) whose feedback is the true side of
//            the body done split by the same condition, the false side being the exit;
//            the iterations of an scf.parallel are not ordered (orderParallel).
// The group done tokens are joined into the return control.

#include "lowering/lowerer.h"

namespace loom::lower {

using dfg::NodeKind;

bool Lowerer::itemHasGroup(const LItem& it, uint32_t group) const {
  switch (it.kind) {
  case LItem::Kind::Access: return accesses_[it.access].group == group;
  case LItem::Kind::If: return regionHasGroup(*it.a, group) || regionHasGroup(*it.b, group);
  case LItem::Kind::Loop: return regionHasGroup(*it.a, group);
  }
  return false;
}

bool Lowerer::regionHasGroup(const LRegion& r, uint32_t group) const {
  for (const LItem& it : r.items)
    if (itemHasGroup(it, group)) return true;
  return false;
}

void Lowerer::lowerMemory(RegionState& fn, std::vector<PortRef>& dones) {
  for (uint32_t g = 0; g < groups_.size(); ++g) {
    if (groups_[g].accesses.empty()) continue;
    connectInterface(g, fn);
    dones.push_back(orderRegion(g, root_, lookup(ctrlKey(), fn), fn.rate));
  }
}

// Layer 2: the interface node and its port packing.
void Lowerer::connectInterface(uint32_t group, RegionState& fn) {
  MemGroup& mg = groups_[group];
  std::vector<int> stores, loads;
  for (int a : mg.accesses)
    (accesses_[a].isStore ? stores : loads).push_back(a);
  Type elem = mg.type.mem->elem, index = Type::index(), none = Type::none();
  std::vector<Type> ins, outs;
  std::vector<Role> roles;
  std::vector<Rate> rates;
  auto rateOf = [&](int a) { return g_.node(accesses_[a].node).outRates[0]; };
  for (size_t k = 0; k < stores.size(); ++k) {
    ins.push_back(elem);
    ins.push_back(index);
  }
  for (size_t j = 0; j < loads.size(); ++j)
    ins.push_back(index);
  for (int a : loads) {
    outs.push_back(elem);
    roles.push_back(Role::MemData);
    rates.push_back(rateOf(a));
  }
  for (int a : stores) {
    outs.push_back(none);
    roles.push_back(Role::Done);
    rates.push_back(rateOf(a));
  }
  for (int a : loads) {
    outs.push_back(none);
    roles.push_back(Role::Done);
    rates.push_back(rateOf(a));
  }
  bool ext = mg.argIndex >= 0;
  std::string label =
      ext ? "extmem.arg" + std::to_string(mg.argIndex) : "mem" + std::to_string(group);
  Vertex m = addNode(ext ? NodeKind::ExtMemory : NodeKind::Memory, fn.scope, label, mg.origin.op,
                     ins, outs, roles, rates);
  dfg::Node& mn = g_.node(m);
  mn.origin = mg.origin;
  mn.numStores = static_cast<unsigned>(stores.size());
  mn.numLoads = static_cast<unsigned>(loads.size());
  mn.memType = mg.type;
  mn.memGroup = group;
  mn.argIndex = mg.argIndex;
  unsigned S = mn.numStores, L = mn.numLoads;
  for (unsigned k = 0; k < S; ++k) {
    Access& a = accesses_[stores[k]];
    g_.node(a.node).memPort = static_cast<int>(k);
    g_.node(a.node).memGroup = group;
    connect({a.node, 0}, m, 2 * k);     // data
    connect({a.node, 1}, m, 2 * k + 1); // address
    a.done = {m, L + k};
  }
  for (unsigned j = 0; j < L; ++j) {
    Access& a = accesses_[loads[j]];
    g_.node(a.node).memPort = static_cast<int>(j);
    g_.node(a.node).memGroup = group;
    connect({a.node, 1}, m, 2 * S + j); // address
    connect({m, j}, a.node, 1);         // data back to the load
    a.done = {m, L + S + j};
  }
}

PortRef Lowerer::join(const std::vector<PortRef>& tokens, uint32_t scope, const Rate& rate,
                      const Origin& origin) {
  std::vector<Type> ins(tokens.size(), Type::none());
  Vertex j =
      addNode(NodeKind::Join, scope, "join", origin.op, ins, {Type::none()}, {Role::Done}, {rate});
  g_.node(j).origin = origin;
  for (unsigned i = 0; i < tokens.size(); ++i)
    connect(tokens[i], j, i);
  return {j, 0};
}

// Layer 3: one region of the serial-recursive construction; returns its done token.
PortRef Lowerer::orderRegion(uint32_t group, LRegion& r, PortRef token, const Rate& rate) {
  std::vector<LItem*> items;
  for (LItem& it : r.items)
    if (itemHasGroup(it, group)) items.push_back(&it);
  if (items.empty()) return token;

  // Two items, not all loads, of a group that stores: the chain orders them. A group that
  // only loads has nothing to order (loads may trade places), wherever its loads are.
  bool ordersSomething = false;
  for (LItem* it : items)
    ordersSomething |= it->kind != LItem::Kind::Access || accesses_[it->access].isStore;
  bool stores = false;
  for (int a : groups_[group].accesses)
    stores |= accesses_[a].isStore;
  ordersSomething &= stores;
  if (items.size() >= 2 && ordersSomething && applies(Injection::NoMemOrder)) {
    // Every item takes the region's entry token; nothing orders them.
    std::vector<PortRef> dones;
    for (LItem* it : items)
      dones.push_back(orderItem(group, *it, token, rate));
    return dones.size() == 1 ? dones[0] : join(dones, items[0]->scope, rate, items[0]->origin);
  }
  for (size_t i = 0; i < items.size();) {
    // RAR: consecutive loads at this level share the token; their dones are joined.
    size_t j = i;
    while (j < items.size() && items[j]->kind == LItem::Kind::Access &&
           !accesses_[items[j]->access].isStore)
      ++j;
    if (j - i >= 2) {
      std::vector<PortRef> dones;
      for (size_t k = i; k < j; ++k)
        dones.push_back(orderItem(group, *items[k], token, rate));
      token = join(dones, items[i]->scope, rate, accesses_[items[i]->access].origin);
      i = j;
      continue;
    }
    token = orderItem(group, *items[i], token, rate);
    ++i;
  }
  return token;
}

PortRef Lowerer::orderItem(uint32_t group, LItem& it, PortRef token, const Rate& rate) {
  Type none = Type::none();
  switch (it.kind) {
  case LItem::Kind::Access: {
    const Access& a = accesses_[it.access];
    connect(token, a.node, 2);
    return a.done;
  }
  case LItem::Kind::If: {
    // Split the token by the branch's own condition; merge the branch dones.
    Vertex br = addNode(NodeKind::CondBr, it.scope, "mem.br", it.origin.op, {Type::i1(), none},
                        {none, none}, {Role::MemCtrl, Role::MemCtrl}, {it.thenRate, it.elseRate});
    g_.node(br).origin = it.origin;
    connect(it.cond, br, 0);
    connect(token, br, 1);
    PortRef td = orderRegion(group, *it.a, {br, 0}, it.thenRate);
    PortRef fd = orderRegion(group, *it.b, {br, 1}, it.elseRate);
    Vertex mx = addNode(NodeKind::Mux, it.scope, "mem.mux", it.origin.op, {Type::i1(), none, none},
                        {none}, {Role::Done}, {rate});
    g_.node(mx).origin = it.origin;
    connect(it.cond, mx, 0);
    connect(fd, mx, 1);
    connect(td, mx, 2);
    return {mx, 0};
  }
  case LItem::Kind::Loop: {
    // An scf.while's memory control takes its one condition stream either way: there the
    // injection has nothing to change (and is refused when nothing else takes it).
    PortRef d = !(it.raw == it.cond) && applies(Injection::MemCtrlRaw) ? it.raw : it.cond;
    if (it.parallel) return orderParallel(group, it, d, token);
    // loop_ctrl = carry(after_cond, entry, body_done_feedback); body done split by
    // after_cond: true -> feedback, false -> exit.
    Vertex c = addNode(NodeKind::Carry, it.scope, "mem.carry", it.origin.op,
                       {Type::i1(), none, none}, {none}, {Role::MemCtrl}, {it.bodyRate});
    g_.node(c).origin = it.origin;
    connect(d, c, 0);
    connect(token, c, 1);
    PortRef bd = orderRegion(group, *it.a, {c, 0}, it.bodyRate);
    Vertex sp = addNode(NodeKind::CondBr, it.scope, "mem.split", it.origin.op, {Type::i1(), none},
                        {none, none}, {Role::Done, Role::Done}, {it.tailRate, it.exitRate});
    g_.node(sp).origin = it.origin;
    connect(d, sp, 0);
    connect(bd, sp, 1);
    connect({sp, 0}, c, 2);
    return {sp, 1};
  }
  }
  return token;
}

// An scf.parallel (docs/design.md "scf.parallel"): the spec's parallel siblings, one per
// iteration. Every iteration's body starts on a copy of the entry token (an invariant on
// the body condition), not on the previous iteration's done, so iterations overlap; the
// body dones leave the body's last op in iteration order, so the one paired with the
// condition's false (the last iteration's) comes after all the others: it is the join
// of the siblings, the loop's done; the others go to a sink.
PortRef Lowerer::orderParallel(uint32_t group, LItem& it, PortRef d, PortRef token) {
  Type none = Type::none();
  Vertex inv = addNode(NodeKind::Invariant, it.bodyScope, "mem.inv", it.origin.op,
                       {Type::i1(), none}, {none}, {Role::MemCtrl}, {it.bodyRate});
  g_.node(inv).origin = it.origin;
  connect(d, inv, 0);
  connect(token, inv, 1);
  PortRef bd = orderRegion(group, *it.a, {inv, 0}, it.bodyRate);
  Vertex sp = addNode(NodeKind::CondBr, it.bodyScope, "mem.split", it.origin.op, {Type::i1(), none},
                      {none, none}, {Role::Done, Role::Done}, {it.tailRate, it.exitRate});
  g_.node(sp).origin = it.origin;
  connect(d, sp, 0);
  connect(bd, sp, 1);
  return {sp, 1};
}

} // namespace loom::lower
