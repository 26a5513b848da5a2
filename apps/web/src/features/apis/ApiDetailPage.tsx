import { Typography } from '@mui/material';
import { useParams } from 'react-router';

// spec §2: request, response and mapping tabs arrive with the APIs work.
export function ApiDetailPage() {
  const { projectId, apiId } = useParams();
  return (
    <Typography
      variant="h5"
      component="h1"
      sx={{ fontWeight: 600 }}
      data-project-id={projectId}
      data-api-id={apiId}
    >
      API details
    </Typography>
  );
}
