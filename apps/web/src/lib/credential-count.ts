/**
 * A number of data-source credentials in the words people read, who call a credential a
 * login: "1 data-source login", "1,204 data-source logins".
 */
export function credentialCountText(count: number): string {
  return count === 1
    ? '1 data-source login'
    : `${count.toLocaleString('en-US')} data-source logins`;
}
