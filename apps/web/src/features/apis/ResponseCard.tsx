import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ResponseConfig } from '@sandbox/contracts';
import { responseLabel } from './responseLabel';

export interface ResponseCardProps {
  response: ResponseConfig;
  statusText: string | undefined;
  selected: boolean;
  onSelect: () => void;
}

export function ResponseCard({ response, statusText, selected, onSelect }: ResponseCardProps) {
  return (
    <Card
      variant="outlined"
      sx={{ width: 200, borderColor: selected ? 'primary.main' : 'divider', borderWidth: selected ? 2 : 1 }}
    >
      <CardActionArea onClick={onSelect} aria-pressed={selected} sx={{ height: '100%' }}>
        <CardContent>
          <Typography sx={{ fontWeight: 700 }}>{responseLabel(response.responseCode, statusText)}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={response.responseDescription}>
            {response.responseDescription}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
