// The ADOL-C peer of adrace's adjoints: the gradient of a corpus kernel computed by operator
// overloading (ADOL-C's adouble, taped), serially, behind the corpus's `<name>_b` calling convention, so
// that corpus/<name>/driver.c checks it (dot-product test) and times it like every other variant.
//
// A C or C++ user who installs ADOL-C (Debian's libadolc-dev) instead of adrace ports the kernel to a
// template over the number type, runs it on adoubles between trace_on and trace_off, and asks for the
// gradient with fos_reverse. Two ways of doing that, picked when the file is compiled:
//   default                  tape on every call (trace_on(tag, keep = 1), fos_reverse): what a user
//                            does when the inputs change control flow, or once per gradient;
//   -DADOLC_PEER_REUSE_TAPE  tape once, then each call re-evaluates the tape at the current inputs
//                            (zos_forward with keep = 1) and runs fos_reverse: what a user does when
//                            the control flow does not depend on the inputs (true of these kernels).
//                            The tape is recorded again when the sizes or the passive parameters change
//                            (they are constants on the tape).
// The tape's buffers are sized to hold it in memory (trace_on's buffer-size overload; after the first
// tape, from tapestats), as the ADOL-C manual advises for speed; with the default 524288-entry buffers a
// large tape goes to files in the working directory.
#ifndef ADRACE_BENCH_ADOLC_PEER_HPP
#define ADRACE_BENCH_ADOLC_PEER_HPP

#include <adolc/adolc.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace adolc_peer {

#ifdef ADOLC_PEER_REUSE_TAPE
constexpr bool kReuseTape = true;
#else
constexpr bool kReuseTape = false;
#endif

// One active input array of the kernel: its values and the adjoint that the gradient increments.
struct Input {
    const double *value;
    double *adjoint;
    long length;
};

// The kernel's output array: the entries it writes are the dependents (their adjoints are the weights of
// the gradient, and are consumed: set to 0, as Tapenade's convention wants of an overwritten output).
struct Output {
    double *adjoint;
    long length;
    std::vector<long> written; // the dependents, as indices into the output array
};

// One tape of one kernel. record(x, y) runs the kernel on adoubles: x holds the independents (the
// inputs, concatenated in the order given), y the output array (length Output::length).
class Tape {
  public:
    explicit Tape(short tag) : tag_(tag) {}

    // key: the sizes and passive parameters the tape was recorded for; ops_per_point: a first guess of
    // the tape's length per independent, to size the buffers of the first recording.
    template <class Record>
    void gradient(const std::vector<double> &key, const std::vector<Input> &inputs, Output &output,
                  double ops_per_point, Record record)
    {
        long n = 0;
        for (const Input &in : inputs) n += in.length;
        long m = (long)output.written.size();
        x_.resize(n);
        long at = 0;
        for (const Input &in : inputs) {
            std::copy(in.value, in.value + in.length, x_.begin() + at);
            at += in.length;
        }
        y_.resize(m);
        if (!kReuseTape || !taped_ || key != key_) {
            tape(n, m, output, ops_per_point, record);
            key_ = key;
            taped_ = true;
        }
        if (kReuseTape) check(zos_forward(tag_, (int)m, (int)n, 1, x_.data(), y_.data()), "zos_forward");
        weights_.resize(m);
        for (long k = 0; k < m; k++) weights_[k] = output.adjoint[output.written[k]];
        xb_.assign(n, 0.0);
        check(fos_reverse(tag_, (int)m, (int)n, weights_.data(), xb_.data()), "fos_reverse");
        at = 0;
        for (const Input &in : inputs) {
            for (long k = 0; k < in.length; k++) in.adjoint[k] += xb_[at + k];
            at += in.length;
        }
        for (long k : output.written) output.adjoint[k] = 0.0;
    }

  private:
    template <class Record>
    void tape(long n, long m, const Output &output, double ops_per_point, Record record)
    {
        // buffer sizes in entries: the last tape's, or the guess (ADOL-C takes unsigned ints)
        size_t ops = stats_[NUM_OPERATIONS] ? stats_[NUM_OPERATIONS] : (size_t)(ops_per_point * (double)n) + 1024;
        size_t locs = stats_[NUM_LOCATIONS] ? stats_[NUM_LOCATIONS] : 4 * ops;
        size_t vals = stats_[NUM_VALUES] ? stats_[NUM_VALUES] : ops;
        size_t tays = stats_[TAY_STACK_SIZE] ? stats_[TAY_STACK_SIZE] : ops;
        trace_on(tag_, kReuseTape ? 0 : 1, bufsize(ops), bufsize(locs), bufsize(vals), bufsize(tays));
        {
            std::vector<adouble> x(n), y(output.length);
            for (long k = 0; k < n; k++) x[k] <<= x_[k];
            record(x.data(), y.data());
            for (long k = 0; k < m; k++) y[output.written[k]] >>= y_[k];
        }
        trace_off();
        tapestats(tag_, stats_);
    }

    static unsigned bufsize(size_t entries)
    {
        size_t padded = entries + entries / 8 + 1024;
        return (unsigned)std::min<size_t>(padded, 0x7fffffffu);
    }

    static void check(int rc, const char *what)
    {
        if (rc < 0) {
            std::fprintf(stderr, "ADOL-C %s failed (%d)\n", what, rc);
            std::exit(2);
        }
    }

    short tag_;
    bool taped_ = false;
    std::vector<double> key_, x_, y_, weights_, xb_;
    size_t stats_[STAT_SIZE] = {};
};

} // namespace adolc_peer

#endif
