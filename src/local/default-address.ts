/** Where `npm start` and `web3-market-contract serve` listen unless told otherwise, and where `trigger` looks. */
export const DEFAULT_PORT = 8080
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_LOCAL_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`
