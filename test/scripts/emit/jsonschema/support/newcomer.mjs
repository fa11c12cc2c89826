// What the other teams' guide (docs/guides/other-teams.md) tells a team that only wants JSON: the package's schema file, plain ajv, nothing of ours.
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import orderSchema from 'web3-market-contract/schemas/marketplace/Order.json' with { type: 'json' }
import index from 'web3-market-contract/schemas/index.json' with { type: 'json' }

const ajv = new Ajv2020({ allErrors: true })
addFormats(ajv)
const validate = ajv.compile(orderSchema)
const order = JSON.parse(process.argv[2])
const valid = validate(order)
console.log(
  JSON.stringify({
    valid,
    errors: (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`),
    orderFile: index.$defs['Marketplace.types.Order'].$ref,
  }),
)
