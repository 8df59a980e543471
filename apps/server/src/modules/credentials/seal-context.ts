/**
 * What a token is sealed for: one credential row and one column (the cipher's additional
 * data), so a sealed value copied to another row or column cannot be opened there.
 */
export const sealContext = (credentialId: string, column: 'access' | 'refresh') =>
  `${credentialId}:${column}`;
