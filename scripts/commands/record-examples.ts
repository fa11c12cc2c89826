import { writeFileSync } from 'node:fs'
import { targetAt } from '../../src/conform/target.js'
import { startLocalServer } from '../../src/local/server.js'
import { exitWithHelpIfAsked } from './cli-help.js'
import { requestExamples } from '../../src/conform/request-examples.js'
import { recordedAnswers } from '../emit/openapi/recorded-answers.js'
import { responseExamplesFile } from '../emit/openapi/response-examples.js'

export async function main(): Promise<void> {
  exitWithHelpIfAsked(
    `npm run gen:examples

Starts the local contract server on the sample data, calls every operation with its request example
and writes the answers to scripts/emit/openapi/response-examples.json (the OpenAPI 200 examples). Run it,
then npm run gen, when the sample data or an operation's answer changes.`,
  )

  const server = await startLocalServer({ port: 0, host: '127.0.0.1', validateResponses: true })
  try {
    const answers = await recordedAnswers(requestExamples, targetAt(server.url, server))
    writeFileSync(responseExamplesFile, JSON.stringify(answers, null, 2) + '\n')
    console.log(`wrote ${Object.keys(answers).length} answers to ${responseExamplesFile}`)
  } finally {
    await server.close()
  }
}
