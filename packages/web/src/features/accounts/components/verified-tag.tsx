import { StatusTag } from '@/components/status-tag';

/**
 * Whether Verify mail confirmed an account (its confirmation link followed): a green Verified tag
 * with the moment as its tooltip, else a neutral Not verified. Absent (an answer that does not
 * read it) shows nothing.
 */
export function VerifiedTag({ verifiedAt }: { verifiedAt: number | null | undefined }) {
  if (verifiedAt === undefined) return null;
  if (verifiedAt === null) return <StatusTag status="NONE">Not verified</StatusTag>;
  return (
    <span title={`Confirmed ${new Date(verifiedAt).toLocaleString()}`} data-testid="account-verified">
      <StatusTag status="SUCCESS">Verified</StatusTag>
    </span>
  );
}
