import Input from 'antd/es/input';
import Rate from 'antd/es/rate';
import Tag from 'antd/es/tag';
import { IMPRESSION_TAGS, DEFAULT_STAR } from '../../../../domain/rules/review.rule';
import { MAX_IMAGES } from '../../../../domain/rules/images.rule';
import { ImagePicker } from '../../lib/uploads';
import { skuValues, type EvaluateSku } from './review-params';

export interface ReviewDraft { star: number; impressions: string[]; comment: string; images: string[] }

export const emptyDraft = (): ReviewDraft => ({ star: DEFAULT_STAR, impressions: [], comment: '', images: [] });

/** One purchased item on /evaluate (spec §2 Review pages): stars, impression tags, text, pictures. */
export function ReviewItemForm({ sku, draft, onChange }: { sku: EvaluateSku; draft: ReviewDraft; onChange: (next: ReviewDraft) => void }) {
  const toggle = (tag: string, checked: boolean) =>
    onChange({ ...draft, impressions: checked ? [...draft.impressions, tag] : draft.impressions.filter((t) => t !== tag) });
  return (
    <section className="review-item" data-testid="review-item" aria-label={sku.productName}>
      <div className="review-item__product">
        {sku.image && <img src={sku.image} alt={sku.productName} width={80} height={80} />}
        <div>
          <div className="review-item__name">{sku.productName}</div>
          <div className="review-item__values">{skuValues(sku)}</div>
        </div>
      </div>
      <div className="review-item__form">
        <div className="review-item__row">
          <span className="review-item__label">商品评分</span>
          <Rate value={draft.star} onChange={(star) => onChange({ ...draft, star: star || 1 })} aria-label="商品评分" />
        </div>
        <div className="review-item__row">
          <span className="review-item__label">印象标签</span>
          <div className="review-item__tags">
            {IMPRESSION_TAGS.map((tag) => (
              <Tag.CheckableTag key={tag} checked={draft.impressions.includes(tag)} onChange={(checked) => toggle(tag, checked)}>
                {tag}
              </Tag.CheckableTag>
            ))}
          </div>
        </div>
        <Input.TextArea
          rows={4}
          maxLength={500}
          placeholder="请输入您的评语"
          value={draft.comment}
          onChange={(e) => onChange({ ...draft, comment: e.target.value })}
        />
        <ImagePicker label="评价图片" value={draft.images} max={MAX_IMAGES} onChange={(images) => onChange({ ...draft, images })} />
      </div>
    </section>
  );
}
