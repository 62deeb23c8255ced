import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useSetCustomerTags } from '../api/set-customer-tags.ts';

/** A customer's tags: shown to everyone, added and removed by those who may change customers. */
export function CustomerTags({
  customerId,
  tags,
  canEdit,
}: {
  customerId: string;
  tags: string[];
  canEdit: boolean;
}) {
  const save = useSetCustomerTags(customerId);
  const [draft, setDraft] = useState('');
  const change = (next: string[], done?: () => void) =>
    save.mutate(next, {
      onSuccess: done,
      onError: (error) => toast.error(`Failed to save the tags: ${getErrorMessage(error)}`),
    });
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (tag) change([...tags, tag], () => setDraft(''));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tags</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {tags.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag} className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm">
                {tag}
                {canEdit ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={`Remove tag ${tag}`}
                    disabled={save.isPending}
                    onClick={() => change(tags.filter((t) => t !== tag))}
                  >
                    <X className="size-3" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No tags</p>
        )}
        {canEdit ? (
          <form className="flex gap-2" onSubmit={add} aria-label="Add a tag">
            <Input
              aria-label="New tag"
              placeholder="Add a tag"
              maxLength={40}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              className="max-w-xs"
            />
            <Button type="submit" variant="outline" disabled={save.isPending || !draft.trim()}>
              Add
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
