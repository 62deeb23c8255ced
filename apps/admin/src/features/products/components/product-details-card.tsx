import { PRODUCT_MESSAGES } from '@cartwheel/shared/contracts/admin-products';
import type { ImproverMode } from '@cartwheel/shared/contracts/ai';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Alert, AlertDescription, AlertTitle } from '@cartwheel/ui/alert';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { FormControl, FormError, FormField, FormItem, FormLabel, FormMessage } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { InputField, TextareaField } from '@cartwheel/ui/input-field';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { useImproveProduct } from '../api/improve-product.ts';
import type { ProductForm } from './product-form-schema.ts';

/** Which rewriter answered, in plain words: the offline rules or the configured model. */
function improverModeLabel(mode: ImproverMode): string {
  return mode.provider === 'local' || !mode.model
    ? 'Offline suggestions (rules, no AI service configured)'
    : `AI suggestions from ${mode.model}`;
}

/** Name (with the AI rewrite), SKU and description. */
export function DetailsCard({ form, canEdit }: { form: ProductForm; canEdit: boolean }) {
  const improve = useImproveProduct();
  const name = useWatch({ control: form.control, name: 'name' });
  const [original, setOriginal] = useState<{ name: string; description: string } | null>(null);
  const [aiError, setAiError] = useState<string | null>(null);
  const [aiMode, setAiMode] = useState<ImproverMode | null>(null);
  const nameBlank = !name?.trim();

  const runImprove = () => {
    const current = { name: form.getValues('name'), description: form.getValues('description') };
    if (!current.name.trim()) {
      setAiError(PRODUCT_MESSAGES.aiNameRequired);
      return;
    }
    setAiError(null);
    improve.mutate(current, {
      onSuccess: ({ improved, mode }) => {
        // The first original is kept when the text is improved again.
        setOriginal((previous) => previous ?? current);
        setAiMode(mode);
        form.setValue('name', improved.name, { shouldDirty: true, shouldValidate: true });
        form.setValue('description', improved.description, { shouldDirty: true, shouldValidate: true });
        toast.success('Product improved successfully!');
      },
      onError: (error) => {
        const message = `Failed to improve product: ${getErrorMessage(error)}`;
        setAiError(message);
        toast.error(message);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Product details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <FormItem id="name">
              <FormLabel>Product name</FormLabel>
              <div className="flex flex-col gap-2 sm:flex-row">
                <FormControl>
                  <Input {...field} />
                </FormControl>
                {canEdit ? (
                  <Button
                    variant="outline"
                    onClick={runImprove}
                    disabled={nameBlank || improve.isPending}
                    title={nameBlank ? PRODUCT_MESSAGES.aiNameRequired : 'Rewrite the name and description'}
                  >
                    <Sparkles aria-hidden="true" />
                    {improve.isPending ? 'Improving...' : 'Improve with AI'}
                  </Button>
                ) : null}
              </div>
              {canEdit && nameBlank && !fieldState.error ? (
                <p className="text-muted-foreground text-xs">{PRODUCT_MESSAGES.aiNameRequired}</p>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
        <FormError data-testid="ai-error">{aiError}</FormError>
        {original ? (
          <Alert data-testid="ai-notice">
            <Sparkles aria-hidden="true" />
            <AlertTitle>Name and description improved</AlertTitle>
            <AlertDescription>
              {aiMode ? <p data-testid="ai-mode">{improverModeLabel(aiMode)}</p> : null}
              <p>
                Review the new text; it is saved with the product. The original is kept until you dismiss
                this.
              </p>
              <div className="mt-1 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    form.setValue('name', original.name, { shouldDirty: true, shouldValidate: true });
                    form.setValue('description', original.description, {
                      shouldDirty: true,
                      shouldValidate: true,
                    });
                    setOriginal(null);
                  }}
                >
                  Revert to Original
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setOriginal(null)}>
                  Dismiss
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
        <InputField control={form.control} name="sku" id="sku" label="SKU" className="font-mono" />
        <TextareaField
          control={form.control}
          name="description"
          id="description"
          label="Description"
          rows={6}
        />
      </CardContent>
    </Card>
  );
}
