import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Box,
  Collapse,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
} from '@mui/material';
import { type ApiMaster, SIDEBAR_NAME_LENGTH, SIDEBAR_PATH_LENGTH } from '@sandbox/contracts';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { MethodBadge } from '../../components/MethodBadge';
import { groupByTag, shorten } from './sidebarDisplay';

export interface ApiSidebarItemProps {
  api: ApiMaster;
  readOnly: boolean;
  /** The endpoint on screen when it belongs to this API; the API then opens expanded. */
  activeEndpointId?: string;
  onDelete: (api: ApiMaster) => void;
  onDeploy: (api: ApiMaster) => void;
  onDownload: (api: ApiMaster) => void;
}

export function ApiSidebarItem({
  api,
  readOnly,
  activeEndpointId,
  onDelete,
  onDeploy,
  onDownload,
}: ApiSidebarItemProps) {
  const [expanded, setExpanded] = useState(activeEndpointId !== undefined);
  const [shownEndpointId, setShownEndpointId] = useState(activeEndpointId);
  // Opening one of its endpoints from elsewhere (the table) expands the API too.
  if (activeEndpointId !== shownEndpointId) {
    setShownEndpointId(activeEndpointId);
    if (activeEndpointId !== undefined) setExpanded(true);
  }
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);
  const act = (action: (api: ApiMaster) => void) => () => {
    closeMenu();
    action(api);
  };

  return (
    <>
      <ListItem
        disablePadding
        secondaryAction={
          <IconButton
            edge="end"
            aria-label="API actions"
            size="small"
            onClick={(e) => setMenuAnchor(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        }
      >
        <ListItemButton
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          title={api.apiMasterName}
        >
          {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          <ListItemText
            primary={shorten(api.apiMasterName, SIDEBAR_NAME_LENGTH)}
            slotProps={{ primary: { sx: { fontWeight: 600, ml: 0.5 } } }}
          />
        </ListItemButton>
      </ListItem>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={closeMenu}>
        <MenuItem onClick={act(onDelete)} disabled={readOnly}>
          Delete
        </MenuItem>
        <MenuItem onClick={act(onDeploy)} disabled={readOnly || api.isApiPublished}>
          {api.isApiPublished ? 'Deployed' : 'Deploy'}
        </MenuItem>
        <MenuItem onClick={act(onDownload)}>Download OpenAPI</MenuItem>
      </Menu>
      <Collapse in={expanded} unmountOnExit>
        {/* the API as a whole: its endpoints, its schemas, and where an empty one starts */}
        <ListItemButton
          component={NavLink}
          to={`/request/${api.id}`}
          end
          dense
          aria-label={`${api.apiMasterName} overview`}
          sx={{ pl: 4 }}
        >
          <ListItemText
            primary={api.apiConfigList.length === 0 ? 'Overview: no endpoints yet' : 'Overview and schemas'}
            slotProps={{ primary: { variant: 'body2', color: 'text.secondary' } }}
          />
        </ListItemButton>
        {groupByTag(api.apiConfigList).map(([tag, endpoints]) => (
          <List
            key={tag}
            dense
            disablePadding
            aria-label={`${api.apiMasterName} ${tag}`}
            subheader={
              <ListSubheader
                component="div"
                disableSticky
                sx={{ lineHeight: 2.5, pl: 4, bgcolor: 'transparent' }}
              >
                {/* spec §2 strips the brackets its server sent around tags; ours are stored bare */}
                {tag}
              </ListSubheader>
            }
          >
            {endpoints.map((endpoint) => (
              <ListItemButton
                key={endpoint.id}
                component={NavLink}
                to={`/request/${api.id}/${endpoint.id}`}
                selected={activeEndpointId === String(endpoint.id)}
                aria-label={`${endpoint.methodType} ${endpoint.apiEndPoint}`}
                title={`${endpoint.methodType} ${endpoint.apiEndPoint}`}
                sx={{ pl: 4, gap: 1 }}
              >
                <MethodBadge method={endpoint.methodType} />
                <Box
                  component="span"
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: 13,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {shorten(endpoint.apiEndPoint, SIDEBAR_PATH_LENGTH)}
                </Box>
              </ListItemButton>
            ))}
          </List>
        ))}
      </Collapse>
    </>
  );
}
