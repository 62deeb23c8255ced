import {
  type Campaign,
  type CampaignBlock,
  campaignBody,
  type Segment,
} from '@cartwheel/shared/contracts/campaigns';
import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField, NativeSelectField, TextareaField } from '@cartwheel/ui/input-field';
import { Label } from '@cartwheel/ui/label';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Controller, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner, listMessage } from '../../../lib/form-input.ts';
import { useCampaignPreview, useSaveCampaign } from '../api/campaigns.ts';
import { ProductPicker } from './product-picker.tsx';

type BlockType = CampaignBlock['type'];

/** A block as the form holds it: every field of every kind, the type saying which count. */
interface BlockValues {
  type: BlockType;
  text: string;
  url: string;
  alt: string;
  link: string;
  label: string;
  product_ids: string[];
}

const EMPTY_BLOCK: Omit<BlockValues, 'type'> = {
  text: '',
  url: '',
  alt: '',
  link: '',
  label: '',
  product_ids: [],
};

const BLOCK_NAMES: Record<BlockType, string> = {
  text: 'Text',
  image: 'Image',
  products: 'Product cards',
  button: 'Button',
};

function blockOf(v: BlockValues): z.input<typeof campaignBody>['blocks'][number] {
  switch (v.type) {
    case 'text':
      return { type: 'text', text: v.text };
    case 'image':
      return { type: 'image', url: v.url, alt: v.alt, link: v.link.trim() || null };
    case 'products':
      return { type: 'products', product_ids: v.product_ids };
    case 'button':
      return { type: 'button', label: v.label, url: v.url };
  }
}

const valuesOf = (block: CampaignBlock): BlockValues => ({
  ...EMPTY_BLOCK,
  ...block,
  link: 'link' in block ? (block.link ?? '') : '',
});

interface Values {
  name: string;
  subject: string;
  segment_id: string;
  blocks: BlockValues[];
}

const schema = z
  .custom<Values>()
  .transform((v) => ({
    name: v.name,
    subject: v.subject,
    segment_id: v.segment_id || null,
    blocks: v.blocks.map(blockOf),
  }))
  .pipe(campaignBody);

/** One block's fields, by its kind. */
function BlockFields({
  index,
  form,
  type,
}: {
  index: number;
  form: UseFormReturn<Values, unknown, z.output<typeof campaignBody>>;
  type: BlockType;
}) {
  const id = (field: string) => `block-${index}-${field}`;
  switch (type) {
    case 'text':
      return (
        <TextareaField
          control={form.control}
          name={`blocks.${index}.text`}
          id={id('text')}
          label="Text"
          rows={4}
        />
      );
    case 'image':
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          <InputField
            control={form.control}
            name={`blocks.${index}.url`}
            id={id('url')}
            label="Image address"
          />
          <InputField control={form.control} name={`blocks.${index}.alt`} id={id('alt')} label="Alt text" />
          <InputField
            control={form.control}
            name={`blocks.${index}.link`}
            id={id('link')}
            label="Links to (optional)"
          />
        </div>
      );
    case 'products':
      return (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('products')}>Products</Label>
          <Controller
            control={form.control}
            name={`blocks.${index}.product_ids`}
            render={({ field, fieldState }) => (
              <>
                <ProductPicker id={id('products')} value={field.value} onChange={field.onChange} max={6} />
                {fieldState.error ? (
                  <p className="text-sm text-destructive">{listMessage(fieldState.error)}</p>
                ) : null}
              </>
            )}
          />
        </div>
      );
    case 'button':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <InputField
            control={form.control}
            name={`blocks.${index}.label`}
            id={id('label')}
            label="Button text"
          />
          <InputField
            control={form.control}
            name={`blocks.${index}.url`}
            id={id('url')}
            label="Links to"
            description="A page of the shop, e.g. /products"
          />
        </div>
      );
  }
}

/** A campaign draft: name, subject, segment and the blocks of its email, with a preview. */
export function CampaignForm({
  campaign,
  segments,
  onSaved,
  onPreview,
}: {
  campaign: Campaign | null;
  segments: Segment[];
  onSaved: (saved: Campaign) => void;
  onPreview: (preview: { subject: string; html: string }) => void;
}) {
  const save = useSaveCampaign();
  const preview = useCampaignPreview();
  const form = useForm<Values, unknown, z.output<typeof campaignBody>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: campaign?.name ?? '',
      subject: campaign?.subject ?? '',
      segment_id: campaign?.segment_id ?? '',
      blocks: (campaign?.blocks ?? []).map(valuesOf),
    },
  });
  const blocks = useFieldArray({ control: form.control, name: 'blocks' });
  const sent = campaign !== null && campaign.status !== 'draft';
  const fieldOf = (field: string) => field.replace(/^body\./, '');

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: campaign?.id ?? null, body });
      toast.success('Campaign saved');
      onSaved(saved);
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error, fieldOf));
    }
  });

  const showPreview = form.handleSubmit(async (body) => {
    try {
      onPreview(await preview.mutateAsync({ subject: body.subject, blocks: body.blocks }));
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error, fieldOf));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Campaign">
        <fieldset disabled={sent} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <InputField control={form.control} name="name" id="campaign-name" label="Name" />
            <InputField control={form.control} name="subject" id="campaign-subject" label="Subject" />
            <NativeSelectField
              control={form.control}
              name="segment_id"
              id="campaign-segment"
              label="Segment"
              options={[
                ['', 'Choose a segment'] as const,
                ...segments.map((s) => [s.id, `${s.name} (${s.consented_count} reachable)`] as const),
              ]}
            />
          </div>
          <ol className="flex flex-col gap-3" aria-label="Blocks">
            {blocks.fields.map((block, index) => (
              <li key={block.id} className="flex flex-col gap-3 rounded-md border p-3">
                <div className="flex items-center justify-between">
                  <span className="font-medium text-sm">{BLOCK_NAMES[block.type]}</span>
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label="Move up"
                      disabled={index === 0}
                      onClick={() => blocks.move(index, index - 1)}
                    >
                      <ArrowUp />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label="Move down"
                      disabled={index === blocks.fields.length - 1}
                      onClick={() => blocks.move(index, index + 1)}
                    >
                      <ArrowDown />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${BLOCK_NAMES[block.type]} block`}
                      onClick={() => blocks.remove(index)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </div>
                <BlockFields index={index} form={form} type={block.type} />
              </li>
            ))}
          </ol>
          {listMessage(form.formState.errors.blocks, false) ? (
            <p className="text-sm text-destructive">{listMessage(form.formState.errors.blocks, false)}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {(Object.keys(BLOCK_NAMES) as BlockType[]).map((type) => (
              <Button
                key={type}
                type="button"
                variant="outline"
                size="sm"
                onClick={() => blocks.append({ ...EMPTY_BLOCK, type })}
              >
                Add {BLOCK_NAMES[type].toLowerCase()}
              </Button>
            ))}
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save draft'}
            </Button>
            <Button type="button" variant="outline" disabled={preview.isPending} onClick={showPreview}>
              Preview
            </Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
