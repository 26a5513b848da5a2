import AddIcon from '@mui/icons-material/Add';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button, IconButton, ListItemText, Menu, MenuItem, Stack } from '@mui/material';
import { useState } from 'react';
import { NewApiDialog } from './NewApiDialog';
import { StartEmptyDialog } from './StartEmptyDialog';

type Way = 'import' | 'empty';

/**
 * The two ways to create an API: import a document (the New API dialog) or start empty and design
 * it here. The dashboard shows both as buttons, "Create New API" first as it always was; the
 * sidebar's small plus offers both in a menu.
 */
export function CreateApiMenu({ variant }: { variant: 'buttons' | 'icon' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Way | null>(null);
  const choose = (way: Way) => () => {
    setAnchor(null);
    setDialog(way);
  };

  return (
    <>
      {variant === 'buttons' ? (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={choose('empty')}>
            Start Empty API
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={choose('import')}>
            Create New API
          </Button>
        </Stack>
      ) : (
        <IconButton
          aria-label="Add API"
          size="small"
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose('import')}>
          <ListItemText primary="Import a document" secondary="OpenAPI or Swagger, JSON or YAML" />
        </MenuItem>
        <MenuItem onClick={choose('empty')}>
          <ListItemText primary="Start empty" secondary="Design its endpoints and schemas here" />
        </MenuItem>
      </Menu>
      <NewApiDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
      <StartEmptyDialog open={dialog === 'empty'} onClose={() => setDialog(null)} />
    </>
  );
}
