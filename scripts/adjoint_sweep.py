#!/usr/bin/env python3
"""`adrace adjoint` on code nobody here wrote: every function with a parallel loop of the files of
../shared/realcode (files.tsv, with their flags) and of tests/races/realistic, with every floating
parameter active. Prints one line per function (exit status, and for a written adjoint whether it
compiles with gcc/g++ -fsyntax-only; for a refusal its first line) and a summary. A refusal that
suggests --include-primal is retried with it. A crash (an exit
status other than 0 or 2), a timeout or an adjoint that does not compile is a bug.

  python3 scripts/adjoint_sweep.py build/adrace ../shared/realcode [--work DIR]"""
import collections, json, os, subprocess, sys, tempfile

adrace, realcode = sys.argv[1], sys.argv[2]
work = sys.argv[sys.argv.index('--work') + 1] if '--work' in sys.argv else tempfile.mkdtemp(prefix='adjoint_sweep.')
os.makedirs(work, exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))
runtime = os.path.join(here, '..', 'runtime')
src = os.path.join(realcode, 'src')
rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(realcode, 'files.tsv')) if not l.startswith('#')]
jobs = [(os.path.join(src, rel), flags.replace('{src}', src).split()) for _, rel, flags in rows]
realistic = os.path.join(here, '..', 'tests', 'races', 'realistic')
jobs += [(os.path.join(realistic, f), ['-fopenmp']) for f in sorted(os.listdir(realistic)) if f.endswith('.c')]

count = collections.Counter()
for path, flags in jobs:
    analyzed = subprocess.run([adrace, 'analyze', path, '--'] + flags, capture_output=True, text=True, timeout=300)
    if analyzed.returncode == 2:
        count['file rejected'] += 1
        print(f'file rejected: {path}: {(analyzed.stderr.strip().splitlines() or [""])[0][:160]}')
        continue
    seen = set()
    for loop in [l for f in json.loads(analyzed.stdout).get('files', []) for l in f.get('loops', [])]:
        function = loop.get('function')
        active = [v['name'] for v in loop['variables'] if v.get('parameter') and v.get('floating')]
        if not function or function in seen or not active:
            continue
        seen.add(function)
        output = os.path.join(work, os.path.basename(path) + '.' + function + os.path.splitext(path)[1])
        command = [adrace, 'adjoint', path, '--function', function, '--active', ','.join(active), '-o', output]
        try:
            run = subprocess.run(command + ['--'] + flags, capture_output=True, text=True, timeout=300)
            # a refusal that names --include-primal (a static variable) is retried with it, as its user would
            if run.returncode == 2 and '--include-primal' in run.stderr:
                command.append('--include-primal')
                run = subprocess.run(command + ['--'] + flags, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            count['timeout'] += 1
            print(f'TIMEOUT {path} {function}')
            continue
        line = f'exit {run.returncode} {path} {function} --active {",".join(active)}'
        if '--include-primal' in command:
            line += ' --include-primal'
        if run.returncode == 0:
            compiler = 'g++' if path.endswith('.cpp') else 'gcc'
            includes = [x for x in flags if x.startswith(('-I', '-D', '-std'))]
            built = subprocess.run([compiler, '-fopenmp', '-fsyntax-only', '-w', '-I' + runtime,
                                    '-I' + os.path.dirname(path)] + includes + [output], capture_output=True, text=True)
            count['written' if built.returncode == 0 else 'DOES NOT COMPILE'] += 1
            line += ': compiles' if built.returncode == 0 else ': DOES NOT COMPILE ' + built.stderr.strip()[:200]
        elif run.returncode == 2:
            count['refused'] += 1
            line += ': ' + (run.stderr.strip().splitlines() or [''])[0].split('error: ')[-1][:160]
        else:
            count['CRASH'] += 1
            line += ': CRASH'
        print(line, flush=True)
print('summary: ' + ', '.join(f'{k} {v}' for k, v in sorted(count.items())))
sys.exit(1 if count['CRASH'] or count['timeout'] or count['DOES NOT COMPILE'] else 0)
