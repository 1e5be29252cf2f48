#include "analyzer/frontend/LibraryCalls.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/Decl.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <cctype>
#include <map>
#include <sstream>

namespace adrace::analyzer {
namespace {

using Kind = LibraryKind;

// One row of the table: the names that share an effect, and the effect in a few words:
// "w0 w1" the arguments written through, "w2+" every argument from 2 on; "state=NAME write|read",
// "glibc-lock", "callback"; "math": the function has `f` and `l` forms; "objects": each pointer
// argument points to one object (an element's address is that element), not into an array;
// "passive-value", "passive-statement": what the adjoint makes of the call (LibraryFunction).
struct Row {
  Kind kind;
  const char* names;
  const char* effect;
};

// What real codes call inside parallel loops and regions (C11 7.x, POSIX.1-2017, OpenMP 5.2 ch. 18).
const Row kRows[] = {
    // math.h, each also in its `f` and `l` forms; pure
    {Kind::Pure,
     "sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh exp exp2 expm1 log log2 log10 log1p logb "
     "sqrt cbrt pow hypot fabs fmin fmax fmod fdim fma floor ceil round trunc rint nearbyint lround llround lrint "
     "llrint copysign erf erfc tgamma remainder ldexp scalbn ilogb nextafter nan isnan isinf isfinite isnormal "
     "signbit fpclassify",
     "math"},
    // what glibc's `isinf` macro expands to with Clang (`__builtin_isinf_sign`); pure
    {Kind::Pure, "isinf_sign", ""},
    {Kind::Memory, "frexp modf", "w1 math objects"},
    {Kind::Memory, "remquo", "w2 math objects"},
    {Kind::Memory, "sincos", "w1 w2 math objects"},
    // lgamma sets the global `signgam` (C11 7.12.8.3 leaves it to POSIX, which says so)
    {Kind::HiddenState, "lgamma", "state=signgam write math"},
    // stdlib.h, ctype.h: pure or reading their arguments
    {Kind::Pure, "abs labs llabs div ldiv lldiv", ""},
    {Kind::Pure,
     "isdigit isalpha isalnum isspace isupper islower isxdigit ispunct isprint iscntrl isgraph toupper tolower", ""},
    {Kind::Memory,
     "atoi atol atoll atof strlen strnlen strcmp strncmp strcasecmp strncasecmp strchr strrchr strstr "
     "strspn strcspn strpbrk memchr memcmp strdup strndup",
     ""},
    {Kind::Memory, "strtol strtoul strtoll strtoull strtod strtof strtold", "w1"},
    {Kind::Memory, "strcpy strncpy strcat strncat stpcpy bzero", "w0"},
    {Kind::Memory, "sprintf snprintf vsprintf vsnprintf", "w0"},
    {Kind::Memory, "sscanf", "w2+"},
    {Kind::Memory, "qsort", "w0 callback"},
    {Kind::Memory, "bsearch", "callback"},
    {Kind::Memory, "rand_r", "w0 objects"},
    {Kind::Memory, "erand48 nrand48 jrand48", "w0"},
    {Kind::Memory, "strtok_r", "w0 w2"},
    {Kind::Memory, "localtime_r gmtime_r", "w1 objects"},
    // memory allocation: each call returns memory of its own (the allocator is thread-safe); free
    // and realloc end the block they are given, a write of it
    {Kind::Pure, "malloc calloc aligned_alloc valloc", ""},
    {Kind::Memory, "free realloc posix_memalign", "w0"},
    // hidden state (C11 7.22.2.1, 7.24.5.8, 7.27.3; POSIX getenv)
    {Kind::HiddenState, "rand srand", "state=rand write glibc-lock"},
    {Kind::HiddenState, "random srandom", "state=random write glibc-lock"},
    {Kind::HiddenState, "drand48 lrand48 mrand48 srand48 seed48 lcong48", "state=drand48 write"},
    {Kind::HiddenState, "strtok", "state=strtok write w0"},
    {Kind::HiddenState, "localtime gmtime", "state=localtime write"},
    {Kind::HiddenState, "ctime asctime", "state=asctime write"},
    {Kind::HiddenState, "getenv", "state=environment read"},
    {Kind::HiddenState, "setenv unsetenv putenv", "state=environment write"},
    // streams: I/O is not a race on program data; what input stores is written through its arguments
    {Kind::InputOutput,
     "vprintf vfprintf fputs putchar fputc putc fflush fopen fclose fwrite fgetc getc getchar ungetc perror fseek "
     "ftell rewind feof ferror clearerr remove rename setvbuf",
     ""},
    {Kind::InputOutput, "printf fprintf puts", "passive-statement"},
    {Kind::InputOutput, "fread fgets", "w0"},
    {Kind::InputOutput, "scanf", "w1+"},
    {Kind::InputOutput, "fscanf", "w2+"},
    // the end of the program
    {Kind::EndsProgram, "exit _exit _Exit quick_exit abort __assert_fail __assert_rtn __assert", ""},
    // timers and the system
    {Kind::Pure, "clock usleep sleep sched_yield getpid sysconf omp_get_wtick", ""},
    {Kind::Pure, "omp_get_wtime", "passive-value"},
    {Kind::Memory, "time", "w0 objects"},
    {Kind::Memory, "gettimeofday", "w0 w1 objects"},
    {Kind::Memory, "clock_gettime nanosleep", "w1 objects"},
    // the OpenMP runtime (OpenMP 5.2, chapter 18): queries and settings of the runtime's own
    // variables, which are not program data
    {Kind::OpenMPRuntime,
     "omp_get_num_procs omp_in_parallel omp_get_level omp_get_active_level omp_get_ancestor_thread_num "
     "omp_get_team_size omp_get_team_num omp_get_num_teams omp_get_thread_limit omp_get_dynamic omp_get_nested "
     "omp_get_max_active_levels omp_get_cancellation "
     "omp_in_final omp_get_num_devices omp_get_device_num omp_get_default_device omp_is_initial_device "
     "omp_get_initial_device omp_get_max_teams omp_get_teams_thread_limit omp_get_proc_bind "
     "omp_get_num_places omp_get_place_num omp_set_dynamic omp_set_nested "
     "omp_set_max_active_levels omp_set_schedule omp_set_default_device omp_target_alloc "
     "omp_get_supported_active_levels",
     ""},
    {Kind::OpenMPRuntime, "omp_get_thread_num omp_get_num_threads omp_get_max_threads", "passive-value"},
    {Kind::OpenMPRuntime, "omp_set_num_threads", "passive-statement"},
    {Kind::OpenMPRuntime, "omp_get_schedule", "w0 w1 objects"},
    {Kind::OpenMPRuntime, "omp_target_free", "w0"},
    // locks: set, unset and test synchronise (the check models the lock as a protection, not as
    // an access of the lock object); init and destroy write the lock
    {Kind::OpenMPRuntime,
     "omp_set_lock omp_unset_lock omp_test_lock omp_set_nest_lock omp_unset_nest_lock "
     "omp_test_nest_lock",
     "synchronises"},
    {Kind::OpenMPRuntime,
     "omp_init_lock omp_init_nest_lock omp_init_lock_with_hint omp_init_nest_lock_with_hint "
     "omp_destroy_lock omp_destroy_nest_lock",
     "w0 objects"},
};

struct Entry {
  LibraryFunction function;
  bool math = false;          // has `f` and `l` forms
  bool synchronises = false;  // a lock routine: its argument is no access
};

std::map<std::string, Entry> buildTable() {
  std::map<std::string, Entry> table;
  for (const Row& row : kRows) {
    Entry entry;
    entry.function.kind = row.kind;
    std::istringstream effect(row.effect);
    for (std::string word; effect >> word;) {
      bool position = word.size() > 1 && word[0] == 'w' && std::isdigit(static_cast<unsigned char>(word[1]));
      if (position && word.back() == '+')
        entry.function.writesFrom = std::stoi(word.substr(1));
      else if (position)
        entry.function.writtenArguments.push_back(std::stoul(word.substr(1)));
      else if (word.rfind("state=", 0) == 0)
        entry.function.state = word.substr(6);
      else if (word == "write")
        entry.function.writesState = true;
      else if (word == "glibc-lock")
        entry.function.serialisedByGlibc = true;
      else if (word == "callback")
        entry.function.takesCallback = true;
      else if (word == "synchronises")
        entry.synchronises = true;
      else if (word == "math")
        entry.math = true;
      else if (word == "objects")
        entry.function.objects = true;
      else if (word == "passive-value")
        entry.function.passiveValue = entry.function.passiveStatement = true;
      else if (word == "passive-statement")
        entry.function.passiveStatement = true;
    }
    std::istringstream names(row.names);
    for (std::string name; names >> name;) {
      entry.function.name = name;
      table[name] = entry;
    }
  }
  return table;
}

const Entry* lookup(std::string name) {
  static const std::map<std::string, Entry> table = buildTable();
  if (name.rfind("__builtin_", 0) == 0) name = name.substr(10);
  if (auto found = table.find(name); found != table.end()) return &found->second;
  // sqrtf, powl: the float and long double forms of a math function
  if (name.size() > 1 && (name.back() == 'f' || name.back() == 'l'))
    if (auto found = table.find(name.substr(0, name.size() - 1)); found != table.end() && found->second.math)
      return &found->second;
  return nullptr;
}

const Entry* entryOf(const clang::CallExpr& call) {
  const clang::FunctionDecl* callee = call.getDirectCallee();
  if (!callee || !callee->getIdentifier()) return nullptr;
  // A definition in the translation unit outside system headers is the program's own function.
  const clang::FunctionDecl* definition = nullptr;
  if (callee->hasBody(definition) &&
      !definition->getASTContext().getSourceManager().isInSystemHeader(definition->getLocation()))
    return nullptr;
  return lookup(callee->getName().str());
}

// The declared type of a stream: `FILE *` (glibc's `struct _IO_FILE`).
bool isStream(clang::QualType type) {
  if (!type->isPointerType()) return false;
  std::string pointee = type->getPointeeType().getUnqualifiedType().getAsString();
  return pointee == "FILE" || pointee == "struct _IO_FILE" || pointee == "struct __sFILE";
}

bool writesArgument(const LibraryFunction& function, unsigned position) {
  if (function.writesFrom >= 0 && position >= static_cast<unsigned>(function.writesFrom)) return true;
  for (unsigned written : function.writtenArguments)
    if (written == position) return true;
  return false;
}

const clang::Expr* withoutCasts(const clang::Expr* expression) {
  expression = expression->IgnoreParens();
  while (auto* cast = llvm::dyn_cast<clang::CastExpr>(expression)) {
    if (cast->getCastKind() != clang::CK_NoOp && cast->getCastKind() != clang::CK_BitCast &&
        cast->getCastKind() != clang::CK_ArrayToPointerDecay && cast->getCastKind() != clang::CK_LValueToRValue)
      break;
    expression = cast->getSubExpr()->IgnoreParens();
  }
  return expression;
}

}  // namespace

const LibraryFunction* libraryFunction(const clang::CallExpr& call) {
  const Entry* entry = entryOf(call);
  return entry ? &entry->function : nullptr;
}

const LibraryFunction* libraryFunctionNamed(const std::string& name) {
  const Entry* entry = lookup(name);
  return entry ? &entry->function : nullptr;
}

std::vector<PointerArgument> pointerArgumentsOf(const clang::CallExpr& call, const LibraryFunction& function) {
  std::vector<PointerArgument> arguments;
  const Entry* entry = entryOf(call);
  if (!entry || entry->synchronises || function.kind == LibraryKind::EndsProgram) return arguments;
  clang::ASTContext& context = call.getCalleeDecl()->getASTContext();
  for (unsigned k = 0; k < call.getNumArgs(); ++k) {
    const clang::Expr* argument = call.getArg(k);
    const clang::Expr* bare = argument->IgnoreParenImpCasts();
    clang::QualType type = bare->getType();
    if (!(type->isPointerType() || type->isArrayType()) || isStream(type) || type->isFunctionPointerType()) continue;
    if (llvm::isa<clang::StringLiteral>(bare) || llvm::isa<clang::PredefinedExpr>(bare) ||
        argument->isNullPointerConstant(context, clang::Expr::NPC_ValueDependentIsNotNull))
      continue;
    if (type->isPointerType() && type->getPointeeType()->isFunctionType()) continue;
    arguments.push_back({argument, k, writesArgument(function, k)});
  }
  return arguments;
}

ArgumentTarget targetOf(const clang::Expr& argument) {
  ArgumentTarget target;
  const clang::Expr* expression = withoutCasts(&argument);
  // a + e, e + a, a - e: the pointer operand
  while (auto* arithmetic = llvm::dyn_cast<clang::BinaryOperator>(expression)) {
    if (arithmetic->getOpcode() != clang::BO_Add && arithmetic->getOpcode() != clang::BO_Sub) break;
    const clang::Expr* pointer =
        arithmetic->getLHS()->getType()->isPointerType() ? arithmetic->getLHS() : arithmetic->getRHS();
    expression = withoutCasts(pointer);
  }
  if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(expression);
      address && address->getOpcode() == clang::UO_AddrOf) {
    const clang::Expr* operand = address->getSubExpr()->IgnoreParenImpCasts();
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(operand)) {
      target.variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
      target.scalar = target.variable && !target.variable->getType()->isArrayType();
      if (!target.variable) target.whyNot = "the address of '" + use->getDecl()->getNameAsString() + "'";
      return target;
    }
    target.elementAddress = true;
    expression = operand;
  }
  // a[i] (a row of a multi-dimensional array), &a[i][j]: the array a, at that element or row
  if (llvm::isa<clang::ArraySubscriptExpr>(expression)) target.element = expression;
  while (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(expression)) {
    ++target.subscripts;
    const clang::Expr* base = element->getBase()->IgnoreParenImpCasts();
    if (base->getType()->isPointerType() && base->getType()->getPointeeType()->isPointerType() &&
        !target.elementAddress) {
      target.whyNot = "an element of an array of pointers points to memory of its own";
      return target;
    }
    expression = base;
  }
  if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(expression))
    if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl())) {
      if (variable->getType()->isPointerType() || variable->getType()->isArrayType()) {
        target.variable = variable;
        clang::QualType type = variable->getType();
        if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(variable)) type = parameter->getOriginalType();
        for (; type->isPointerType() || type->isArrayType(); ++target.rank)
          type = type->isPointerType() ? type->getPointeeType()
                                       : clang::QualType(type->getArrayElementTypeNoTypeQual(), 0);
        if (target.rank < target.subscripts) target.element = nullptr;  // a pointer arithmetic it does not follow
        return target;
      }
    }
  target.whyNot = "it is not an array, a pointer variable, an element's address or a scalar's address";
  return target;
}

std::vector<LibraryAccess> libraryAccessesOf(const clang::CallExpr& call, const LibraryFunction& function,
                                             const clang::ASTContext& context) {
  std::vector<LibraryAccess> accesses;
  std::string name = calleeName(&call);
  if (function.takesCallback)
    if (std::string why = unfollowedCallback(call); !why.empty()) {
      LibraryAccess refused;
      refused.at = &call;
      refused.whyNot = "call to '" + name + "': " + why;
      return {refused};
    }
  if (function.kind == LibraryKind::HiddenState) {
    LibraryAccess state;
    state.at = &call;
    state.state = function.state;
    state.kind = function.writesState ? AccessKind::Write : AccessKind::Read;
    state.scalar = true;
    state.certain = !function.serialisedByGlibc;
    state.text =
        name + "()" + (function.serialisedByGlibc ? " (glibc serialises it; the C standard does not require it)" : "");
    accesses.push_back(state);
  }
  for (const PointerArgument& argument : pointerArgumentsOf(call, function)) {
    ArgumentTarget target = targetOf(*argument.argument);
    LibraryAccess access;
    access.at = argument.argument;
    access.kind = argument.written ? AccessKind::Write : AccessKind::Read;
    access.text = sourceText(argument.argument, context) + " in '" + name + "'";
    if (!target.variable) {
      access.whyNot = "argument '" + sourceText(argument.argument, context) + "' of call to '" + name +
                      "' is not followed: " + target.whyNot;
    } else {
      access.variable = target.variable;
      access.scalar = target.scalar;
      // A function writing one object writes it on every call; scanf may match nothing.
      access.certain = target.scalar && function.objects;
      access.element = target.element;
      access.rank = target.rank;
      access.exact = function.objects && target.elementAddress && target.subscripts == target.rank;
      // `&a[i][j]` of a string function: from there on, in row i; `a[i]`: row i; `&a[e]` of a
      // one-dimensional array: from e on, which is any element.
      access.knownSubscripts = target.elementAddress ? target.subscripts - 1 : target.subscripts;
      if (!target.scalar)
        access.opaqueReason =
            "'" + name + "' " + (argument.written ? "writes" : "reads") + " through it: which elements is not followed";
    }
    accesses.push_back(access);
  }
  return accesses;
}

bool isLibraryPointerArgument(const clang::Expr& argument, const clang::CallExpr& call) {
  const LibraryFunction* function = libraryFunction(call);
  if (!function) return false;
  for (const PointerArgument& accessed : pointerArgumentsOf(call, *function))
    if (accessed.argument == &argument || accessed.argument->IgnoreParenImpCasts() == argument.IgnoreParenImpCasts())
      return true;
  return false;
}

namespace {

// Why `function`, called back by the library with pointers to the elements it works on, may touch
// other memory: a file-scope or static variable, a call that is not pure, a store through a pointer
// ("" when none: it reads the elements it is given, and its locals are its own).
std::string callbackReach(const clang::FunctionDecl& function) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::string why;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl()))
        if (variable->hasGlobalStorage() && !variable->getType().isConstQualified() && why.empty())
          why = "it uses '" + variable->getNameAsString() + "', which is not its own";
      return why.empty();
    }
    bool VisitCallExpr(clang::CallExpr* call) {
      if (!touchesNoUserMemory(call) && why.empty()) why = "it calls '" + calleeName(call) + "'";
      return why.empty();
    }
    bool store(const clang::Expr* target) {
      target = target->IgnoreParenImpCasts();
      if (!llvm::isa<clang::DeclRefExpr>(target) && why.empty()) why = "it stores through a pointer";
      return why.empty();
    }
    bool VisitBinaryOperator(clang::BinaryOperator* op) { return !op->isAssignmentOp() || store(op->getLHS()); }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      return !op->isIncrementDecrementOp() || store(op->getSubExpr());
    }
  } finder;
  finder.TraverseStmt(function.getBody());
  return finder.why;
}

}  // namespace

std::string unfollowedCallback(const clang::CallExpr& call) {
  for (const clang::Expr* argument : call.arguments()) {
    const clang::Expr* bare = argument->IgnoreParenImpCasts();
    if (!bare->getType()->isFunctionPointerType() && !bare->getType()->isFunctionType()) continue;
    auto* use = llvm::dyn_cast<clang::DeclRefExpr>(bare);
    auto* function = use ? llvm::dyn_cast<clang::FunctionDecl>(use->getDecl()) : nullptr;
    const clang::FunctionDecl* definition = nullptr;
    if (!function || !function->hasBody(definition) || !definition->getBody())
      return "the function it is given to call is not a function of the file";
    if (std::string why = callbackReach(*definition); !why.empty())
      return "the function it calls back, '" + definition->getNameAsString() + "', may reach other memory: " + why;
  }
  return "";
}

bool touchesNoUserMemory(const clang::CallExpr* call) {
  const LibraryFunction* function = libraryFunction(*call);
  return function && function->kind != LibraryKind::HiddenState && !function->takesCallback &&
         pointerArgumentsOf(*call, *function).empty();
}

bool isOutputFunction(const clang::CallExpr* call) {
  const LibraryFunction* function = libraryFunction(*call);
  return function && function->kind == LibraryKind::InputOutput;
}

}  // namespace adrace::analyzer
