/** webrpc-test's fixtures (tests/server/server.go of webrpc v0.23.4) in their JSON wire form. */
const user = { id: 1, USERNAME: 'John-Doe', role: 'admin' }

export const interopFixtures = {
  one: { id: 1, name: 'one' },
  two: { id: 2, name: 'two' },
  three: { id: 3, name: 'three' },
  complex: {
    meta: { '1': '23', '2': 24 },
    metaNestedExample: { '1': { '2': 1 } },
    namesList: ['John', 'Alice', 'Jakob'],
    numsList: [1, 2, 3, 4534643543],
    doubleArray: [['testing'], ['api']],
    listOfMaps: [{ john: 1, alice: 2, Jakob: 251 }],
    listOfUsers: [user],
    mapOfUsers: { admin: user },
    user,
    status: 'AVAILABLE',
  },
  enumList: ['AVAILABLE', 'NOT_AVAILABLE'],
  enumMap: { READ: 1, WRITE: 2 },
}

/** GetSchemaError(code) → the error webrpc-test expects: [class name in the generated module, cause]. */
export const schemaErrorCases: [
  code: number,
  className: string,
  name: string,
  msg: string,
  status: number,
  cause?: string,
][] = [
  [0, 'WebrpcEndpointError', 'WebrpcEndpoint', 'endpoint error', 400, 'failed to read file: unexpected EOF'],
  [1, 'UnauthorizedError', 'Unauthorized', 'unauthorized', 401, 'failed to verify JWT token'],
  [2, 'ExpiredTokenError', 'ExpiredToken', 'expired token', 401],
  [3, 'InvalidTokenError', 'InvalidToken', 'invalid token', 401],
  [4, 'DeactivatedError', 'Deactivated', 'account deactivated', 403],
  [5, 'ConfirmAccountError', 'ConfirmAccount', 'confirm your email', 403],
  [6, 'AccessDeniedError', 'AccessDenied', 'access denied', 403],
  [7, 'MissingArgumentError', 'MissingArgument', 'missing argument', 400],
  [8, 'UnexpectedValueError', 'UnexpectedValue', 'unexpected value', 400],
  [100, 'RateLimitedError', 'RateLimited', 'too many requests', 429, '1000 req/min exceeded'],
  [101, 'DatabaseDownError', 'DatabaseDown', 'service outage', 503],
  [102, 'ElasticDownError', 'ElasticDown', 'search is degraded', 503],
  [103, 'NotImplementedError', 'NotImplemented', 'not implemented', 501],
  [200, 'UserNotFoundError', 'UserNotFound', 'user not found', 400],
  [201, 'UserBusyError', 'UserBusy', 'user busy', 400],
  [202, 'InvalidUsernameError', 'InvalidUsername', 'invalid username', 400],
  [300, 'FileTooBigError', 'FileTooBig', 'file is too big (max 1GB)', 400],
  [301, 'FileInfectedError', 'FileInfected', 'file is infected', 400],
  [302, 'FileTypeError', 'FileType', 'unsupported file type', 400, '.wav is not supported'],
]
