import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { readDataFile } from '../../../scripts/pipeline/data-files.js'
import { GenCache } from '../../../scripts/pipeline/gen-cache.js'
import { generateFiles } from '../../../scripts/pipeline/generate.js'
import { serviceRoots } from '../../../scripts/pipeline/paths.js'
import { StepRunner } from '../../../scripts/pipeline/step-runner.js'
import { type StepInputs, type StepName, steps } from '../../../scripts/pipeline/steps.js'

// Every input of every step declared in scripts/pipeline/steps.ts, its named inputs and its data files, changed one
// at a time: the step, run through the runner with the cache on, must not hand back the output of the inputs before.

/** A runner that records the inputs of each step's calls, or hands in changed data files. */
class TestRunner extends StepRunner {
  readonly calls = new Map<StepName, object[]>()
  changedFiles: Record<string, string> = {}

  override run<Name extends StepName>(step: Name, inputs: StepInputs<Name>): string | Promise<string> {
    this.calls.set(step, [...(this.calls.get(step) ?? []), structuredClone(inputs)])
    return super.run(step, inputs)
  }

  protected override readFile(path: string): string {
    return this.changedFiles[path] ?? super.readFile(path)
  }
}

// The inputs a real run hands each step (read from the shared cache when it is warm).
const recording = await TestRunner.create(new GenCache(true))
await generateFiles({ runner: recording })

const cacheDir = mkdtempSync(join(tmpdir(), 'gen-step-inputs-'))
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }))

/** A runner over a cache of its own (empty at first), with `changedFiles` in place of those files' texts. */
function runnerWith(changedFiles: Record<string, string> = {}): TestRunner {
  const runner = new TestRunner(new GenCache(true, cacheDir), recording.code)
  runner.changedFiles = changedFiles
  return runner
}

/** The step's output, or its failure's message: a failure is not the output of the inputs before either. */
const result = async (run: () => string | Promise<string>) => {
  try {
    return { output: await run() }
  } catch (error) {
    return { error: (error as Error).message }
  }
}

/** Each string of `value` (values and object keys) with a way to put another text in its place in a copy. */
function stringsOf(value: unknown): { text: string; replaced: (text: string) => unknown }[] {
  if (typeof value === 'string') return [{ text: value, replaced: (text) => text }]
  if (value === null || typeof value !== 'object') return []
  const entries = Object.entries(value)
  const rebuilt = (index: number, key: string, child: unknown) => {
    const copy = entries.map((entry, at) => (at === index ? [key, child] : entry))
    return Array.isArray(value) ? copy.map(([, item]) => item) : Object.fromEntries(copy)
  }
  return entries.flatMap(([key, child], index) => [
    ...(Array.isArray(value) ? [] : [{ text: key, replaced: (text: string) => rebuilt(index, text, child) }]),
    ...stringsOf(child).map(({ text, replaced }) => ({
      text,
      replaced: (next: string) => rebuilt(index, key, replaced(next)),
    })),
  ])
}

/** Changes tried per recorded call before the next: the longest words that reach the output almost always show. */
const attemptsPerCall = 8

/**
 * Copies of `value`, each with the first place of one word changed, for the words the step's output also shows
 * (where a change is likely to reach the output), longest first.
 */
function* changesOf(value: unknown, output: string): Generator<unknown> {
  const strings = stringsOf(value)
  const words = new Set(strings.flatMap(({ text }) => text.match(/\b[A-Za-z][A-Za-z0-9]{2,}\b/g) ?? []))
  const shown = [...words].filter((word) => output.includes(word)).sort((a, b) => b.length - a.length)
  for (const word of shown.slice(0, attemptsPerCall)) {
    const place = new RegExp(`\\b${word}\\b`)
    const { text, replaced } = strings.find(({ text }) => place.test(text))!
    yield replaced(text.replace(place, `${word}Changed`))
  }
}

const cases = (Object.entries(steps) as [StepName, (typeof steps)[StepName]][]).flatMap(([step, declaration]) => [
  ...Object.keys(recording.calls.get(step)?.[0] ?? {}).map((input) => [step, 'input', input] as const),
  ...declaration.files.map((file) => [step, 'file', file] as const),
])

it('a run hands every declared step its inputs', () => {
  expect([...recording.calls.keys()].sort()).toEqual(Object.keys(steps).sort())
})

// A change may show in one service's output only (the webhook example is the Indexer's): each call is tried in turn.
it.each(cases)(
  '%s: a changed %s %s gives another output with the cache on',
  async (step, kind, name) => {
    for (const inputs of recording.calls.get(step)! as StepInputs<StepName>[]) {
      const before = await result(() => runnerWith().run(step, inputs))
      expect(before.error).toBeUndefined()
      // Cached: the same inputs again are read back, not made.
      expect(runnerWith().run(step, inputs)).toBe(before.output)
      const original = kind === 'input' ? (inputs as Record<string, unknown>)[name] : readDataFile(name)
      for (const changed of changesOf(original, before.output!)) {
        const after = await result(() =>
          kind === 'input'
            ? runnerWith().run(step, { ...inputs, [name]: changed } as StepInputs<StepName>)
            : runnerWith({ [name]: changed as string }).run(step, inputs),
        )
        if (after.output !== before.output) return
      }
    }
    expect.fail(`no change of ${name} among the longest words that reach the output changed what ${step} gives`)
  },
  120_000,
)
