export { PromotionSlot, type PromotionSlotProps } from './components/promotion-slot.js'
export { PromotionsPanel } from './components/promotions-panel.js'
