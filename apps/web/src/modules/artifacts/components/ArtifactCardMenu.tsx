import { useRef } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { type ArtifactSummary, type Collection } from '@core-vault/contracts';
import { CARD_MENU_TEXTS, type CardMenuAction } from './card-menu-texts';

/**
 * The card's less frequent actions (#36.2): the card itself shows Preview, Copy Link and Edit.
 * Radix's menu gives the keyboard (arrows, Escape, typeahead) and the menu roles. An action that
 * opens a dialog runs once the menu has closed and focus is back on the ⋯ button, so the dialog
 * hands focus back there when it closes (it returns focus to what had it when it opened).
 */
export function ArtifactCardMenu({
  artifact: a,
  collections,
  disabled,
  onAction,
}: {
  artifact: ArtifactSummary;
  collections: Collection[];
  disabled: boolean;
  onAction: (action: CardMenuAction) => void;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = useRef<CardMenuAction | null>(null);
  const choose = (action: CardMenuAction) => () => {
    chosen.current = action;
  };

  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology with
    // aria-hidden while its buttons stay focusable (axe: aria-hidden-focus, serious).
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button
          ref={trigger}
          type="button"
          className="cv-btn cv-btn-small ac-more"
          aria-label={CARD_MENU_TEXTS.more(a.title)}
          disabled={disabled}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="ac-menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(e) => {
            const action = chosen.current;
            // Closed by Escape or a click elsewhere: Radix puts focus where it belongs.
            if (!action) return;
            e.preventDefault();
            chosen.current = null;
            trigger.current?.focus();
            onAction(action);
          }}
        >
          <Menu.Item className="ac-menu-item" onSelect={choose({ kind: 'embed' })}>
            {CARD_MENU_TEXTS.embed}
          </Menu.Item>
          <Menu.Item className="ac-menu-item" onSelect={choose({ kind: 'visibility' })}>
            {CARD_MENU_TEXTS.visibility(a.isPublic)}
          </Menu.Item>
          <Menu.Item className="ac-menu-item" onSelect={choose({ kind: 'history' })}>
            {CARD_MENU_TEXTS.history}
          </Menu.Item>
          {collections.length > 0 && (
            <Menu.Group aria-label={CARD_MENU_TEXTS.addTo}>
              <Menu.Separator className="ac-menu-sep" />
              <Menu.Label className="ac-menu-label">{CARD_MENU_TEXTS.addTo}</Menu.Label>
              {collections.map((c) => (
                <Menu.Item
                  key={c.id}
                  className="ac-menu-item"
                  onSelect={choose({ kind: 'collection', collectionId: c.id })}
                >
                  {c.name}
                </Menu.Item>
              ))}
            </Menu.Group>
          )}
          <Menu.Separator className="ac-menu-sep" />
          <Menu.Item className="ac-menu-item ac-menu-danger" onSelect={choose({ kind: 'delete' })}>
            {CARD_MENU_TEXTS.delete}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
