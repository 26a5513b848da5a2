import { List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { AutomaticLink } from '@sandbox/contracts';
import { MethodBadge } from '../../components/MethodBadge';
import { useAutomaticLinks } from './api';

export interface AutomaticLinksListProps {
  apiMasterId: string;
  endpointId: number;
}

const keyOf = (link: AutomaticLink) =>
  link.keyParam &&
  `{${link.keyParam}} finds a record by its ${link.keyField} field${link.mappedByHand ? ' (mapped in Params)' : ''}`;

/** The Mapping tab's links made without the user: the endpoints of this one's resource path. */
export function AutomaticLinksList({ apiMasterId, endpointId }: AutomaticLinksListProps) {
  const links = useAutomaticLinks(apiMasterId, String(endpointId)).data;
  if (!links) return null;
  return (
    <Stack component="section" aria-label="Linked automatically" spacing={0.5}>
      <Typography variant="subtitle2">Linked automatically</Typography>
      <Typography variant="body2" color="text.secondary">
        {links.endpoints.length > 0
          ? `The endpoints of ${links.resource} share these records without a link.`
          : `No other endpoint of ${links.resource}.`}
      </Typography>
      <List dense disablePadding>
        {links.endpoints.map((link) => (
          <ListItem key={link.apiId} disableGutters>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MethodBadge method={link.methodType} />
              <ListItemText primary={link.apiEndPoint} secondary={keyOf(link)} />
            </Stack>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
