import { Alert, Stack } from '@mui/material';
import { type LabCredential, type LabCredentials, labMessages } from '@sandbox/contracts';

const placeOf = ({ in: where, name }: LabCredential) =>
  where === 'header' ? `the ${name} header` : where === 'query' ? `query param ${name}` : `cookie ${name}`;

/** Says which of the method's security schemes the Lab filled and where, and what it could not fill. */
export function CredentialsNote({ credentials: { filled, missing } }: { credentials: LabCredentials }) {
  const schemes = [...new Set(filled.map((c) => c.scheme))].join(', ');
  return (
    <Stack spacing={1}>
      {filled.length > 0 && (
        <Alert severity="info">
          {labMessages.credentialsFilled(schemes, [...new Set(filled.map(placeOf))].join(', '))}
        </Alert>
      )}
      {missing.length > 0 && (
        <Alert severity="warning">{labMessages.credentialsMissing(missing.join(' and '))}</Alert>
      )}
    </Stack>
  );
}
