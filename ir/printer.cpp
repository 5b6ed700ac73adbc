// Prints the IR back as MLIR text in the current spelling, with the names the source
// used, so that parse(print(m)) is the same module and mlir-opt (MLIR 22) accepts it.

#include "ir/printer.h"

#include "support/big_stack.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace loom {
namespace {

class Printer {
public:
  explicit Printer(std::ostream& os) : os_(os) {}

  void module(const Module& m) {
    for (auto& f : m.functions)
      function(*f);
  }

private:
  std::ostream& os_;
  int indent_ = 0;

  void pad() {
    for (int i = 0; i < indent_; ++i)
      os_ << "  ";
  }

  static std::string types(const std::vector<Type>& ts) {
    std::string s;
    for (size_t i = 0; i < ts.size(); ++i)
      s += (i ? ", " : "") + ts[i].str();
    return s;
  }
  static std::string names(const std::vector<Value*>& vs, size_t from = 0, size_t to = SIZE_MAX) {
    std::string s;
    for (size_t i = from; i < vs.size() && i < to; ++i)
      s += (i > from ? ", " : "") + vs[i]->name;
    return s;
  }
  static std::vector<Value*> blockArgs(const Block& b) {
    std::vector<Value*> v;
    for (auto& a : b.args)
      v.push_back(a.get());
    return v;
  }
  static std::vector<Type> typesOf(const std::vector<Value*>& vs, size_t from = 0) {
    std::vector<Type> t;
    for (size_t i = from; i < vs.size(); ++i)
      t.push_back(vs[i]->type);
    return t;
  }
  static std::vector<Type> resultTypes(const Op& op) {
    std::vector<Type> t;
    for (auto& r : op.results)
      t.push_back(r->type);
    return t;
  }
  static std::string parenTypes(const std::vector<Type>& ts) { return "(" + types(ts) + ")"; }

  void function(const Function& f) {
    if (f.isDeclaration) {
      os_ << "func.func private @" << f.name << parenTypes(f.argTypes);
      if (!f.resultTypes.empty()) os_ << " -> " << parenTypes(f.resultTypes);
      os_ << "\n";
      return;
    }
    os_ << "func.func " << (f.isPrivate ? "private " : "") << "@" << f.name << "(";
    const Block& entry = f.body.front();
    for (size_t i = 0; i < entry.args.size(); ++i)
      os_ << (i ? ", " : "") << entry.args[i]->name << ": " << entry.args[i]->type.str();
    os_ << ")";
    if (!f.resultTypes.empty()) os_ << " -> " << parenTypes(f.resultTypes);
    os_ << " {\n";
    ++indent_;
    body_ = &f.body;
    for (size_t i = 0; i < f.body.blocks.size(); ++i) {
      const Block& b = *f.body.blocks[i];
      if (i) {
        os_ << blockName(&b);
        for (size_t k = 0; k < b.args.size(); ++k)
          os_ << (k ? ", " : "(") << b.args[k]->name << ": " << b.args[k]->type.str();
        os_ << (b.args.empty() ? ":\n" : "):\n");
      }
      block(b);
    }
    body_ = nullptr;
    --indent_;
    os_ << "}\n";
  }

  // Blocks of a function body after the entry, named by position: ^bb1, ^bb2, ...
  const Region* body_ = nullptr;
  std::string blockName(const Block* b) const {
    for (size_t i = 0; body_ && i < body_->blocks.size(); ++i)
      if (body_->blocks[i].get() == b) return "^bb" + std::to_string(i);
    return "^bb?";
  }
  // A successor with its forwarded operands: "^bb1(%x, %y : i32, i32)".
  std::string successor(const Op& op, unsigned which, unsigned first) const {
    std::string s = blockName(op.successors[which]);
    unsigned n = op.successorOperands[which];
    if (!n) return s;
    std::vector<Type> ts;
    for (unsigned i = first; i < first + n; ++i)
      ts.push_back(op.operand(i)->type);
    return s + "(" + names(op.operands, first, first + n) + " : " + types(ts) + ")";
  }

  void block(const Block& b) {
    for (auto& op : b.ops)
      operation(*op);
  }

  // "%r = " or "%r:2 = " from the result names ("%r" or "%r#0", "%r#1").
  void resultDefs(const Op& op) {
    if (op.results.empty()) return;
    const std::string& n = op.result(0)->name;
    if (op.results.size() == 1) {
      os_ << n << " = ";
      return;
    }
    size_t hash = n.find('#');
    bool grouped = hash != std::string::npos;
    for (size_t i = 0; grouped && i < op.results.size(); ++i)
      grouped = op.result(i)->name == n.substr(0, hash) + "#" + std::to_string(i);
    if (grouped) {
      os_ << n.substr(0, hash) << ":" << op.results.size() << " = ";
      return;
    }
    for (size_t i = 0; i < op.results.size(); ++i)
      os_ << (i ? ", " : "") << op.result(i)->name;
    os_ << " = ";
  }

  void region(const Region& r, bool printArgs) {
    os_ << "{\n";
    ++indent_;
    const Block& b = r.front();
    if (printArgs && !b.args.empty()) {
      --indent_;
      pad();
      ++indent_;
      os_ << "^bb0(";
      for (size_t i = 0; i < b.args.size(); ++i)
        os_ << (i ? ", " : "") << b.args[i]->name << ": " << b.args[i]->type.str();
      os_ << "):\n";
    }
    block(b);
    --indent_;
    pad();
    os_ << "}";
  }

  static std::string constant(const Op& op) {
    const Type& t = op.result()->type;
    if (t.isI1()) return op.constBits ? "true" : "false";
    if (t.isIntLike()) return std::to_string(signExtend(op.constBits, t.width)) + " : " + t.str();
    double d;
    char buf[64];
    if (t.kind == TypeKind::F32) {
      float f;
      uint32_t u = static_cast<uint32_t>(op.constBits);
      std::memcpy(&f, &u, 4);
      d = f;
      std::snprintf(buf, sizeof buf, "%.9e", d);
    } else {
      std::memcpy(&d, &op.constBits, 8);
      std::snprintf(buf, sizeof buf, "%.17e", d);
    }
    if (!std::isfinite(d)) {
      std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(op.constBits));
    }
    return std::string(buf) + " : " + t.str();
  }

  static std::string mixedList(const Op& op, const std::vector<int64_t>& stat, unsigned& next) {
    std::string s = "[";
    for (size_t i = 0; i < stat.size(); ++i) {
      s += i ? ", " : "";
      s += stat[i] == kDynamic ? op.operand(next++)->name : std::to_string(stat[i]);
    }
    return s + "]";
  }

  // An arith or math op in its row's printed form.
  void computeOp(const Op& op, const ComputeSpec& spec, const std::string& name) {
    static const char* ipred[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                  "sge", "ult", "ule", "ugt", "uge"};
    static const char* fpred[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                  "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
    const Type& operand = op.operand(spec.typeOperand)->type;
    os_ << name << " ";
    switch (spec.form) {
    case PrintForm::Generic: os_ << names(op.operands) << " : " << op.result()->type.str(); return;
    case PrintForm::Compare:
      os_ << (spec.category == ComputeCategory::IntCompare ? ipred[static_cast<int>(op.cmpi)]
                                                           : fpred[static_cast<int>(op.cmpf)])
          << ", " << names(op.operands) << " : " << operand.str();
      return;
    case PrintForm::Cast:
      os_ << op.operand(0)->name << " : " << operand.str() << " to " << op.result()->type.str();
      return;
    case PrintForm::OperandType: os_ << names(op.operands) << " : " << operand.str(); return;
    case PrintForm::EachType:
      os_ << names(op.operands) << " : " << types(typesOf(op.operands));
      return;
    }
  }

  void operation(const Op& op) {
    pad();
    resultDefs(op);
    const std::string name(op.name());
    if (const ComputeSpec* spec = computeSpec(op.kind)) {
      computeOp(op, *spec, name);
      os_ << "\n";
      return;
    }
    switch (op.kind) {
    case OpKind::Func: break;
    case OpKind::FuncReturn:
    case OpKind::Yield:
      os_ << (op.kind == OpKind::FuncReturn ? "func.return" : "scf.yield");
      if (!op.operands.empty())
        os_ << " " << names(op.operands) << " : " << types(typesOf(op.operands));
      break;
    case OpKind::Condition:
      os_ << "scf.condition(" << op.operand(0)->name << ")";
      if (op.operands.size() > 1)
        os_ << " " << names(op.operands, 1) << " : " << types(typesOf(op.operands, 1));
      break;
    case OpKind::Call:
      os_ << "func.call @" << op.callee << "(" << names(op.operands)
          << ") : " << parenTypes(typesOf(op.operands)) << " -> " << parenTypes(resultTypes(op));
      break;
    case OpKind::ArithConstant: os_ << name << " " << constant(op); break;
    case OpKind::Cast:
      os_ << name << " " << op.operand(0)->name << " : " << op.operand(0)->type.str() << " to "
          << op.result()->type.str();
      break;
    case OpKind::MemRefLoad:
      os_ << name << " " << op.operand(0)->name << "[" << names(op.operands, 1)
          << "] : " << op.operand(0)->type.str();
      break;
    case OpKind::MemRefStore:
      os_ << name << " " << op.operand(0)->name << ", " << op.operand(1)->name << "["
          << names(op.operands, 2) << "] : " << op.operand(1)->type.str();
      break;
    case OpKind::Alloc:
    case OpKind::Alloca:
      os_ << name << "(" << names(op.operands) << ") : " << op.result()->type.str();
      break;
    case OpKind::Dealloc:
      os_ << name << " " << op.operand(0)->name << " : " << op.operand(0)->type.str();
      break;
    case OpKind::Dim:
      os_ << name << " " << names(op.operands) << " : " << op.operand(0)->type.str();
      break;
    case OpKind::Subview: {
      unsigned k = 1;
      os_ << name << " " << op.operand(0)->name << mixedList(op, op.staticOffsets, k)
          << mixedList(op, op.staticSizes, k) << mixedList(op, op.staticStrides, k) << " : "
          << op.operand(0)->type.str() << " to " << op.result()->type.str();
      break;
    }
    case OpKind::ReinterpretCast: {
      unsigned k = 1;
      os_ << name << " " << op.operand(0)->name
          << " to offset: " << mixedList(op, op.staticOffsets, k)
          << ", sizes: " << mixedList(op, op.staticSizes, k)
          << ", strides: " << mixedList(op, op.staticStrides, k) << " : "
          << op.operand(0)->type.str() << " to " << op.result()->type.str();
      break;
    }
    case OpKind::CollapseShape:
    case OpKind::ExpandShape: {
      os_ << name << " " << op.operand(0)->name << " [";
      for (size_t g = 0; g < op.reassociation.size(); ++g) {
        os_ << (g ? ", " : "") << "[";
        for (size_t i = 0; i < op.reassociation[g].size(); ++i)
          os_ << (i ? ", " : "") << op.reassociation[g][i];
        os_ << "]";
      }
      os_ << "]";
      if (op.kind == OpKind::ExpandShape) {
        unsigned k = 1;
        os_ << " output_shape " << mixedList(op, op.result()->type.mem->shape, k);
      }
      os_ << " : " << op.operand(0)->type.str() << " into " << op.result()->type.str();
      break;
    }
    case OpKind::For: {
      const Block& b = op.region(0).front();
      os_ << "scf.for " << b.args[0]->name << " = " << names(op.operands, 0, 1) << " to "
          << op.operand(1)->name << " step " << op.operand(2)->name;
      if (op.operands.size() > 3) {
        os_ << " iter_args(";
        for (size_t i = 3; i < op.operands.size(); ++i)
          os_ << (i > 3 ? ", " : "") << b.args[i - 2]->name << " = " << op.operand(i)->name;
        os_ << ") -> " << parenTypes(resultTypes(op));
      }
      if (!op.operand(0)->type.isIndex()) os_ << " : " << op.operand(0)->type.str();
      os_ << " ";
      region(op.region(0), false);
      break;
    }
    case OpKind::If:
      os_ << "scf.if " << op.operand(0)->name;
      if (!op.results.empty()) os_ << " -> " << parenTypes(resultTypes(op));
      os_ << " ";
      region(op.region(0), false);
      if (!op.region(1).empty()) {
        os_ << " else ";
        region(op.region(1), false);
      }
      break;
    case OpKind::While: {
      const Block& b = op.region(0).front();
      os_ << "scf.while ";
      if (!op.operands.empty()) {
        os_ << "(";
        for (size_t i = 0; i < op.operands.size(); ++i)
          os_ << (i ? ", " : "") << b.args[i]->name << " = " << op.operand(i)->name;
        os_ << ") ";
      }
      os_ << ": " << parenTypes(typesOf(op.operands)) << " -> " << parenTypes(resultTypes(op))
          << " ";
      region(op.region(0), false);
      os_ << " do ";
      region(op.region(1), true);
      break;
    }
    case OpKind::Parallel: {
      const Block& b = op.region(0).front();
      size_t d = b.args.size();
      auto group = [&](size_t first) { return "(" + names(op.operands, first, first + d) + ")"; };
      os_ << "scf.parallel (" << names(blockArgs(b)) << ") = " << group(0) << " to " << group(d)
          << " step " << group(2 * d);
      if (op.operands.size() > 3 * d)
        os_ << " init (" << names(op.operands, 3 * d) << ") -> " << parenTypes(resultTypes(op));
      os_ << " ";
      region(op.region(0), false);
      break;
    }
    case OpKind::Reduce:
      os_ << "scf.reduce";
      if (!op.operands.empty())
        os_ << "(" << names(op.operands) << " : " << types(typesOf(op.operands)) << ") ";
      for (size_t i = 0; i < op.regions.size(); ++i) {
        if (i) os_ << ", ";
        region(op.region(i), true);
      }
      break;
    case OpKind::ReduceReturn:
      os_ << "scf.reduce.return " << op.operand(0)->name << " : " << op.operand(0)->type.str();
      break;
    case OpKind::VectorPrint:
      os_ << "vector.print " << op.operand(0)->name << " : " << op.operand(0)->type.str();
      break;
    case OpKind::CfBr: os_ << "cf.br " << successor(op, 0, 0); break;
    case OpKind::CfCondBr:
      os_ << "cf.cond_br " << op.operand(0)->name << ", " << successor(op, 0, 1) << ", "
          << successor(op, 1, 1 + op.successorOperands[0]);
      break;
    case OpKind::CfAssert: {
      auto it = op.attrs.find("msg");
      std::string msg = it == op.attrs.end() ? std::string() : it->second.s;
      std::string q;
      for (char c : msg)
        q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
      os_ << "cf.assert " << op.operand(0)->name << ", \"" << q << "\"";
      break;
    }
    default: // an op with one type: its result's
      os_ << name << " " << names(op.operands) << " : " << op.result()->type.str();
      break;
    }
    os_ << "\n";
  }
};

} // namespace

// The printer recurses once per nesting level: on a large stack, whoever calls it.
std::optional<Diag> unprintable(const Module& m) {
  if (!m.globals.empty())
    return Diag{m.globals.front().loc, "the printer does not write 'memref.global'"};
  std::optional<Diag> found;
  for (const auto& f : m.functions)
    walk(f->body, [&](Op* op) {
      if (!found && isHostCode(op->kind))
        found = Diag{op->loc, "the printer does not write '" + std::string(op->name()) + "'"};
    });
  return found;
}

void printModule(const Module& m, std::ostream& os) {
  runOnLargeStack([&] { Printer(os).module(m); });
}

std::string printModule(const Module& m) {
  std::ostringstream s;
  printModule(m, s);
  return s.str();
}

} // namespace loom
