import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { InputField, TextareaField } from '@cartwheel/ui/input-field';
import type { ProductForm } from './product-form-schema.ts';

/** The page title and meta description search engines show; left empty they come from the product. */
export function SeoCard({ form }: { form: ProductForm }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Search engine listing</CardTitle>
        <CardDescription>
          What search engines and link previews show. Left empty, the product name and the start of its
          description are used.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <InputField
          control={form.control}
          name="seo_title"
          id="seo_title"
          label="SEO title"
          description="Search engines show about 60 characters."
        />
        <TextareaField
          control={form.control}
          name="seo_description"
          id="seo_description"
          label="SEO description"
          description="Search engines show about 160 characters."
          rows={3}
        />
      </CardContent>
    </Card>
  );
}
