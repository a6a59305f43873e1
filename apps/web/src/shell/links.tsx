import { Button, Link, ListItemButton, type ListItemButtonProps } from '@mui/material';
import { createLink } from '@tanstack/react-router';

// Router-aware MUI components: typed `to`, client-side navigation, preloading on intent.
export const ButtonLink = createLink(Button);
export const TextLink = createLink(Link);

// ListItemButton renders a div unless told otherwise; a link must be an anchor.
function ListItemAnchor(props: ListItemButtonProps<'a'>) {
  return <ListItemButton component="a" {...props} />;
}

export const ListItemLink = createLink(ListItemAnchor);
