import type { TranslateViewType } from '@cartwheel/shared/contracts/translations';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Languages } from 'lucide-react';
import { Link } from 'react-router';

/** A side card opening a resource's Translate view. */
export function TranslateLinkCard({ type, resourceKey }: { type: TranslateViewType; resourceKey: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Translations</CardTitle>
      </CardHeader>
      <CardContent>
        <Button variant="outline" asChild>
          <Link to={`/translations/${type}/${resourceKey}`}>
            <Languages aria-hidden="true" />
            Translate
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
