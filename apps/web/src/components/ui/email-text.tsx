/**
 * An email address that a narrow screen breaks after the @ rather than in the middle of a word
 * (someone@ / example.com), with `overflowWrap: 'anywhere'` on the text as the last resort.
 */
export function EmailText({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
